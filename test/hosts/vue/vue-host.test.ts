// Issue 20: the elements inside a Vue 3 app (test/hosts/vue/ShopApp.vue, compiled ahead of time
// like an app's build): settings from reactive state through `:settings` / `:settings.prop`,
// events through `@event-name`, unmount and remount on a route change (v-if / v-else).
import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { type App, createApp } from 'vue';
import '../../../elements/join-chat/join-chat.ts';
import '../../../elements/shop-live-search/shop-live-search.ts';
import '../../../elements/shop-mini-cart/shop-mini-cart.ts';
import { setJoinChatEnvironment } from '../../../elements/join-chat/join-chat.env.ts';
import { refreshCart } from '../../../shared/cart/store.ts';
import { createSafeStorage } from '../../../shared/storage.ts';
import { settle, shadowQuery } from '../../helpers/elements.ts';
import { addDirect, useCleanCart } from '../../helpers/shop.ts';
import { memoryStorage } from '../../helpers/storage.ts';
import ShopApp from './ShopApp.vue';

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

async function found<T>(find: () => T | null | undefined, message = 'never rendered'): Promise<T> {
  await waitUntil(() => find(), message, { timeout: 4000 });
  return find()!;
}

/** Types `query` into the live search and presses its search button. */
async function search(el: Element, query: string) {
  const input = await shadowQuery<HTMLInputElement>(el, 'input[role="combobox"]');
  valueSetter.call(input, query);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }));
  await settle();
  el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
}

const button = (container: Element, text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text)!;
const logOf = (container: Element) => container.querySelector('output')!.textContent!.split('\n');

describe('Vue 3 host app', () => {
  useCleanCart();
  let container: HTMLDivElement;
  let app: App | undefined;
  let consoleError: sinon.SinonStub;
  let consoleWarn: sinon.SinonStub;
  let restoreChat: () => void;

  beforeEach(() => {
    restoreChat = setJoinChatEnvironment({ open: () => {}, storage: createSafeStorage(memoryStorage) });
    container = document.createElement('div');
    document.body.append(container);
    consoleError = sinon.stub(console, 'error');
    consoleWarn = sinon.stub(console, 'warn');
  });
  afterEach(() => {
    consoleError.restore();
    consoleWarn.restore();
    app?.unmount();
    app = undefined;
    container.remove();
    restoreChat();
  });
  /** Errors, and Vue's warnings (an unresolved component, a bad prop), while the app ran. */
  const complaints = () =>
    [...consoleError.getCalls(), ...consoleWarn.getCalls()].map((c) => c.args.map(String).join(' '));

  function mount() {
    app = createApp(ShopApp);
    app.mount(container);
  }

  it('passes settings from reactive state as the settings property and re-renders them', async () => {
    mount();
    const cart = await found(() => container.querySelector('shop-mini-cart'));
    const launcher = await shadowQuery(cart, 'button.launcher');
    const searchBox = await found(() => container.querySelector('shop-live-search'));
    expect(searchBox.settings.minChars).to.equal(3);

    button(container, 'Deutsch').click();
    await waitUntil(() => launcher.textContent!.includes('Artikel'), 'the cart never took the new messages');
    expect(cart.settings.messages.items).to.equal('{count} Artikel');
    // Objects went in as properties (`:settings.prop` and `:settings`), never as attributes.
    expect(cart.hasAttribute('settings')).to.equal(false);
    expect(searchBox.hasAttribute('settings')).to.equal(false);
    button(container, 'Longer queries').click();
    await waitUntil(() => searchBox.settings.minChars === 4);
    expect(complaints()).to.deep.equal([]);
  });

  it('receives events through @event-name: shop-search-submitted and shop-cart-item-removed', async () => {
    await addDirect(101);
    mount();
    const searchBox = await found(() => container.querySelector('shop-live-search'));
    await search(searchBox, 'hoodie');
    await waitUntil(() => logOf(container).includes('searched hoodie'), 'the app never heard the search');

    const cart = container.querySelector('shop-mini-cart')!;
    await refreshCart();
    (await shadowQuery<HTMLButtonElement>(cart, 'button.launcher')).click();
    const row = await found(() =>
      [...cart.shadowRoot!.querySelectorAll('.line')].find((r) => r.textContent!.includes('Beanie')),
    );
    row.querySelector<HTMLButtonElement>('.remove')!.click();
    await waitUntil(() => logOf(container).includes('removed 101'), 'the app never heard the removal');
    expect(complaints()).to.deep.equal([]);
  });

  it('unmounts and remounts the elements on a route change, with the current state', async () => {
    mount();
    const first = await found(() => container.querySelector('shop-live-search'));
    await shadowQuery(first, 'input[role="combobox"]');
    button(container, 'Longer queries').click();

    button(container, 'Contact page').click();
    const chat = await found(() => container.querySelector('join-chat'));
    expect(first.isConnected).to.equal(false);
    await waitUntil(() => first.shadowRoot!.childNodes.length === 0, 'the removed element kept its view');
    const launcher = await shadowQuery<HTMLButtonElement>(chat, '.button');
    expect(chat.settings.telephone).to.equal('34600112233');
    button(container, 'Berlin office').click();
    await waitUntil(() => chat.settings.telephone === '49301234567');
    launcher.click();
    await waitUntil(() => logOf(container).includes('chat opened'), 'the app never heard join-chat-opened');

    button(container, 'Search page').click();
    const second = await found(() => container.querySelector('shop-live-search'));
    expect(second === first).to.equal(false);
    await shadowQuery(second, 'input[role="combobox"]');
    expect(second.settings.minChars).to.equal(4);
    await search(second, 'belt');
    await waitUntil(() => logOf(container).includes('searched belt'));
    expect(complaints()).to.deep.equal([]);
  });
});
