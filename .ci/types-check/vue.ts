// What Vue 3 template type-checking (vue-tsc, Volar) sees for the tags: the package's
// GlobalComponents typings (dist/types/vue.d.ts, generated from custom-elements.json). Checked by
// .ci/build-types.mjs with plain tsc through the same `$props` / `$emit` types the template
// checker reads; every line must type-check.
import type { GlobalComponents } from 'vue';
import type {} from '../../dist/types/vue.js';

type PropsOf<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$props'];
type EmitOf<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$emit'];

export const cart: PropsOf<'shop-mini-cart'> = {
  mode: 'drawer',
  settings: { revealMs: 2000, messages: { label: 'Basket' } },
  class: 'header-cart',
};
export const search: PropsOf<'shop-live-search'> = { settings: '{"minChars":2}', 'min-chars': 2 };
export const chat: PropsOf<'join-chat'> = { settings: { telephone: '+34 600 112 233' }, qr: true };

// @ts-expect-error settings are typed: mode is 'auto' | 'dropdown' | 'drawer'
export const wrongMode: PropsOf<'shop-mini-cart'> = { settings: { mode: 'sideways' } };
// @ts-expect-error settings are typed: no such field
export const wrongField: PropsOf<'shop-live-search'> = { settings: { minCharacters: 2 } };

declare const emit: EmitOf<'shop-live-search'>;
declare const submitted: CustomEvent<{ query: string; category: string }>;
emit('shop-search-submitted', submitted);
// @ts-expect-error events are typed: the live search has no shop-cart-updated
emit('shop-cart-updated', submitted);
