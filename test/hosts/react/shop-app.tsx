// A React 19 app using the elements the way the README shows (the README quotes this file).
// The elements' modules are imported by test/hosts/react/*.test.tsx before anything renders;
// an app writes `import 'storefront-elements/shop-mini-cart';` (and so on) instead.
// Typings: test/hosts/react/elements.generated.d.ts (in an app: `storefront-elements/react`).
import { useState } from 'react';

/** Settings are a plain object passed as the `settings` property; events use `on` + the event name. */
export function CartButton({
  german,
  onRemoved,
}: {
  german: boolean;
  onRemoved: (productId: string) => void;
}) {
  return (
    <shop-mini-cart
      mode="dropdown"
      settings={{
        messages: german ? { label: 'Warenkorb', items: '{count} Artikel', item: '{count} Artikel' } : {},
      }}
      onshop-cart-item-removed={(event) => onRemoved(event.detail.productId)}
    >
      <a href="/cart/">Cart</a>
    </shop-mini-cart>
  );
}

/** The theme's search form stays inside as the no-JavaScript fallback; React handles its submit. */
export function SearchBox({ minChars, onSearch }: { minChars: number; onSearch: (query: string) => void }) {
  return (
    <shop-live-search
      settings={{ minChars }}
      onshop-search-submitted={(event) => onSearch(event.detail.query)}
    >
      <form className="searchform" action="/" onSubmit={(event) => event.preventDefault()}>
        <input type="search" name="s" aria-label="Search products" />
        <input type="hidden" name="post_type" value="product" />
        <button type="submit">Search</button>
      </form>
    </shop-live-search>
  );
}

export function Chat({ telephone, onOpened }: { telephone: string; onOpened: () => void }) {
  return (
    <join-chat
      settings={{ telephone, button_delay: -1, message_delay: 0, message_text: 'Hello! How can we help?' }}
      onjoin-chat-opened={() => onOpened()}
    />
  );
}

/** Two routes: the search page and the contact page; the cart button is on both. */
export function ShopApp() {
  const [route, setRoute] = useState<'search' | 'contact'>('search');
  const [german, setGerman] = useState(false);
  const [minChars, setMinChars] = useState(3);
  const [telephone, setTelephone] = useState('+34 600 112 233');
  const [log, setLog] = useState<string[]>([]);
  const record = (line: string) => setLog((lines) => [...lines, line]);
  return (
    <>
      <nav>
        <button type="button" onClick={() => setRoute('search')}>
          Search page
        </button>
        <button type="button" onClick={() => setRoute('contact')}>
          Contact page
        </button>
        <button type="button" onClick={() => setGerman(!german)}>
          Deutsch
        </button>
        <button type="button" onClick={() => setMinChars(minChars + 1)}>
          Longer queries
        </button>
        <button type="button" onClick={() => setTelephone('+49 30 1234567')}>
          Berlin office
        </button>
      </nav>
      <CartButton german={german} onRemoved={(id) => record(`removed ${id}`)} />
      {route === 'search' ? (
        <SearchBox minChars={minChars} onSearch={(query) => record(`searched ${query}`)} />
      ) : (
        <Chat telephone={telephone} onOpened={() => record('chat opened')} />
      )}
      <output>{log.join('\n')}</output>
    </>
  );
}
