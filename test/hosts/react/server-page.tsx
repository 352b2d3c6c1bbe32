// Server-rendered React (renderToString on the server, hydrateRoot in the browser), as the
// README shows (it quotes this file). Two rules differ from client-only rendering, because React
// 19.3 applies neither object properties nor `on<event>` props of custom elements while it
// hydrates (only from the next client render; react/react#35446):
// - settings go in as JSON: a string is written into the server HTML as the `settings`
//   attribute, so the element has them before React hydrates, and the same string hydrates
//   without a mismatch;
// - listeners go on with a ref callback, which React 19 runs when hydration commits.
import { useState } from 'react';

export function ServerShopPage({ telephone }: { telephone: string }) {
  const [german, setGerman] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const record = (line: string) => setLog((lines) => [...lines, line]);
  const cartSettings = {
    messages: german ? { label: 'Warenkorb', items: '{count} Artikel', item: '{count} Artikel' } : {},
  };
  return (
    <>
      <button type="button" onClick={() => setGerman(!german)}>
        Deutsch
      </button>
      <shop-mini-cart
        mode="dropdown"
        settings={JSON.stringify(cartSettings)}
        ref={(cart) => {
          const removed = (event: CustomEvent<{ productId: string }>) =>
            record(`removed ${event.detail.productId}`);
          cart?.addEventListener('shop-cart-item-removed', removed);
          return () => cart?.removeEventListener('shop-cart-item-removed', removed);
        }}
      >
        <a href="/cart/">Cart</a>
      </shop-mini-cart>
      <shop-live-search
        settings={JSON.stringify({ minChars: 2 })}
        ref={(search) => {
          const searched = (event: CustomEvent<{ query: string }>) =>
            record(`searched ${event.detail.query}`);
          search?.addEventListener('shop-search-submitted', searched);
          return () => search?.removeEventListener('shop-search-submitted', searched);
        }}
      >
        <form className="searchform" action="/" onSubmit={(event) => event.preventDefault()}>
          <input type="search" name="s" aria-label="Search products" />
          <button type="submit">Search</button>
        </form>
      </shop-live-search>
      <join-chat
        settings={JSON.stringify({ telephone, button_delay: -1, message_delay: 0, message_text: 'Hello!' })}
      />
      <output>{log.join('\n')}</output>
    </>
  );
}
