// What a TypeScript app using the package can write (checked by .ci/build-types.mjs against
// dist/types, the declarations the package ships). Every line here must type-check.
import { type ElementLoader, elementLoaders } from '../../dist/types/autoloader.js';
import '../../dist/types/index.js';
import { ShopLiveSearchElement } from '../../dist/types/shop-live-search.js';
import type { ShopMiniCartElement } from '../../dist/types/shop-mini-cart.js';

// Tags are typed through HTMLElementTagNameMap.
const cart: ShopMiniCartElement = document.createElement('shop-mini-cart');
const mode: 'auto' | 'drawer' | 'dropdown' = cart.settings.mode;
const reveal: number = cart.settings.revealMs;
const problems: readonly string[] = cart.settingsErrors;
// @ts-expect-error settings are typed: there is no such field
cart.settings.noSuchField;

const search = document.querySelector('shop-live-search');
if (search instanceof ShopLiveSearchElement) search.settings = { ...search.settings, minChars: 4 };
document.querySelector('join-chat')?.settings.telephone.toUpperCase();
document.querySelector('shop-order-attribution')?.values;

const load: ElementLoader | undefined = elementLoaders['shop-mini-cart'];
export const used = [mode, reveal, problems, load];
