// What a React 19 app can write with the package's JSX typings (dist/types/react.d.ts, generated
// from custom-elements.json). Checked by .ci/build-types.mjs; every line must type-check.
import { useRef } from 'react';
import type {} from '../../dist/types/react.js';
import type { ShopMiniCartElement } from '../../dist/types/shop-mini-cart.js';

export function Header({ onSearch }: { onSearch: (query: string) => void }) {
  const cart = useRef<ShopMiniCartElement>(null);
  return (
    <>
      <shop-mini-cart
        ref={cart}
        mode="drawer"
        reveal-ms={3000}
        settings={{ quantities: false, messages: { label: 'Basket' } }}
        onshop-cart-item-removed={(event) => event.detail.productId.toUpperCase()}
      >
        <a href="/cart/">Cart</a>
      </shop-mini-cart>
      <shop-live-search
        settings='{"minChars":2}'
        onshop-search-submitted={(event) => onSearch(event.detail.query)}
      />
      <join-chat
        settings={{ telephone: '+34 600 112 233' }}
        position="left"
        onjoin-chat-opened={(e) => e.detail.automatic}
      />
      {/* @ts-expect-error settings are typed: mode is 'auto' | 'dropdown' | 'drawer' */}
      <shop-mini-cart settings={{ mode: 'sideways' }} />
      {/* @ts-expect-error settings are typed: no such field */}
      <shop-live-search settings={{ minCharacters: 2 }} />
      {/* @ts-expect-error event details are typed: shop-search-submitted has no productId */}
      <shop-live-search onshop-search-submitted={(event) => event.detail.productId} />
      {/* @ts-expect-error attributes are typed */}
      <join-chat position="top" />
    </>
  );
}
