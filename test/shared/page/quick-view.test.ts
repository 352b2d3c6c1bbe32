import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $cart } from '../../../shared/cart/store.ts';
import {
  installQuickView,
  QUICK_VIEW_DRAG_THRESHOLD,
  QUICK_VIEW_TEXTS,
  quickViewCartFields,
} from '../../../shared/page/quick-view.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { eachShopMode, injectFault, readCart, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { mount } from './helpers.ts';

const BEANIE = 101; // simple, in stock
const HOODIE = 201; // variable
const ENDPOINT = 'flatsome_quickview'; // the demo shop logs admin-ajax calls by action

/** A product box as Flatsome prints it, with its quick-view link. */
function productBox(id: number, name = `Product ${id}`) {
  return `<ul class="products"><li class="product post-${id}">
    <a href="/product/p-${id}/" class="woocommerce-LoopProduct-link"><h2 class="woocommerce-loop-product__title">${name}</h2></a>
    <div class="image-tools"><a class="quick-view" data-prod="${id}" href="#quick-view">Quick View</a></div>
  </li></ul>`;
}

const dialogOpen = () => document.querySelector<HTMLDialogElement>('dialog.quick-view-dialog');
const loaded = async () => {
  await waitUntil(
    () => dialogOpen() && !dialogOpen()!.hasAttribute('aria-busy'),
    'quick view did not finish loading',
    { timeout: 5000 },
  );
  return dialogOpen()!;
};

/** Records the signals of admin-ajax fetches (to see a request aborted). */
function recordFetches() {
  const real = window.fetch;
  const signals: AbortSignal[] = [];
  window.fetch = (input, init) => {
    if (String(input).includes('admin-ajax') && init?.signal) signals.push(init.signal);
    return real.call(window, input, init);
  };
  return { signals, restore: () => (window.fetch = real) };
}

function pointer(target: Element, type: string, clientX: number) {
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      clientX,
      clientY: 10,
      pointerId: 7,
      isPrimary: true,
    }),
  );
}

describe('quick view: form fields', () => {
  it('sends the product (or the chosen variation) as product_id, never add-to-cart', () => {
    const { root, remove } = mount(`
      <form class="cart"><input name="quantity" value="2"><button name="add-to-cart" value="101">Add</button></form>
      <form class="variations_form cart"><input name="attribute_pa_size" value="m"><input name="add-to-cart" value="201">
        <input name="product_id" value="201"><input name="variation_id" value="0"><button>Add</button></form>`);
    const [simple, variable] = root.querySelectorAll('form');
    expect(quickViewCartFields(simple!, simple!.querySelector('button'))).to.deep.equal({
      quantity: '2',
      product_id: '101',
    });
    expect(quickViewCartFields(variable!)).to.equal(null);
    variable!.querySelector<HTMLInputElement>('[name=variation_id]')!.value = '20105';
    expect(quickViewCartFields(variable!)).to.deep.equal({
      attribute_pa_size: 'm',
      product_id: '20105',
      variation_id: '20105',
    });
    remove();
  });
});

eachShopMode('quick view (spec §7 Quick view)', () => {
  useCleanCart();
  let cleanup: (() => void)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.reverse()) fn();
    cleanup = [];
    dialogOpen()?.close();
    await waitUntil(() => !dialogOpen(), 'the quick view stayed open'); // 'close' comes a task later
  });
  const setUp = (id = BEANIE, options = {}) => {
    const { root, remove } = mount(productBox(id, 'Beanie box'));
    const stop = installQuickView(root, options);
    cleanup.push(remove, stop);
    return root.querySelector<HTMLAnchorElement>('a.quick-view')!;
  };

  it('POSTs the product id, shows the product in a modal dialog labelled by its title, and is accessible', async () => {
    const link = setUp();
    link.focus();
    link.click();
    const dialog = dialogOpen()!;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(link.getAttribute('aria-busy')).to.equal('true');
    expect(dialog.querySelector('[role=status]')!.textContent).to.contain(QUICK_VIEW_TEXTS.loading);
    await loaded();
    expect(link.hasAttribute('aria-busy')).to.equal(false);
    expect(dialog.querySelector(`#product-${BEANIE}`) !== null).to.equal(true);
    const title = dialog.querySelector<HTMLElement>('.product_title')!;
    expect(dialog.getAttribute('aria-labelledby')).to.equal(title.id);
    expect(title.textContent).to.equal('Beanie');
    expect(document.activeElement === title, 'focus on the title').to.equal(true);
    const log = await shopLog(ENDPOINT);
    expect(log).to.have.length(1);
    expect(log[0]!.method).to.equal('POST');
    expect(log[0]!.body).to.include({ action: ENDPOINT, product: String(BEANIE) });
    await expect(dialog).to.be.accessible();
  });

  it('inserts the shop HTML sanitised', async () => {
    await injectFault({
      endpoint: ENDPOINT,
      body: `<h1 class='product_title'>Evil</h1><img src='data:image/gif;base64,R0lGODlhAQABAAAAACw=' onerror='window.__quickViewHacked=1'><script>window.__quickViewHacked=1</script><a href='javascript:window.__quickViewHacked=1'>x</a><p style='color:red' onclick='window.__quickViewHacked=1'>hi</p><div id='jQuery'>clobber</div>`,
    });
    const link = setUp();
    link.click();
    const dialog = await loaded();
    expect(dialog.querySelector('.product_title')!.textContent).to.equal('Evil');
    expect(dialog.querySelector('script') === null).to.equal(true);
    expect(dialog.querySelector('[onerror], [onclick], [style]') === null).to.equal(true);
    expect(dialog.querySelector('a')!.hasAttribute('href')).to.equal(false);
    expect(dialog.querySelector('#jQuery') === null).to.equal(true);
    expect((window as unknown as { __quickViewHacked?: number }).__quickViewHacked).to.equal(undefined);
  });

  it('closes on Escape and with the close button, focus back on the link, no scroll jump', async () => {
    const link = setUp();
    const spacer = document.createElement('div');
    spacer.className = 'spacer';
    spacer.append(...Array.from({ length: 80 }, () => document.createElement('br')));
    link.closest('ul')!.before(spacer);
    cleanup.push(() => spacer.remove());
    link.scrollIntoView();
    const y = window.scrollY;
    link.focus();
    link.click();
    await loaded();
    expect(location.hash).not.to.equal('#quick-view');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialogOpen(), 'Escape did not close the dialog');
    expect(document.activeElement === link, 'focus back on the link').to.equal(true);
    expect(window.scrollY).to.equal(y);
    link.click();
    const dialog = await loaded();
    const close = dialog.querySelector<HTMLButtonElement>('.quick-view-dialog__close')!;
    expect(close.getAttribute('aria-label')).to.equal(QUICK_VIEW_TEXTS.close);
    close.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialogOpen(), 'the close button did not close the dialog');
    expect(document.activeElement === link, 'focus back on the link').to.equal(true);
    expect(window.scrollY).to.equal(y);
  });

  it('shows the failure text on HTTP 500, with the product page link; the page stays usable', async () => {
    await injectFault({ endpoint: ENDPOINT, status: 500, times: 1 });
    const link = setUp();
    link.click();
    const errors = await captureConsoleErrors(() => loaded());
    const dialog = dialogOpen()!;
    const alert = dialog.querySelector('[role=alert]')!;
    expect(alert.textContent).to.contain(QUICK_VIEW_TEXTS.failed);
    expect(alert.querySelector('a')!.getAttribute('href')).to.equal(
      new URL(`/product/p-${BEANIE}/`, location.href).href,
    );
    expect(errors).to.have.length(1);
    expect(link.hasAttribute('aria-busy')).to.equal(false);
    dialog.querySelector<HTMLButtonElement>('.quick-view-dialog__close')!.click();
    await waitUntil(() => !dialogOpen(), 'the close button did not close the dialog');
    link.click(); // works again
    expect((await loaded()).querySelector(`#product-${BEANIE}`) !== null).to.equal(true);
  });

  it('shows the failure text when the shop hangs past the time limit (injected clock)', async () => {
    await injectFault({ endpoint: ENDPOINT, hang: true });
    const clock = fakeClock();
    const fetches = recordFetches();
    cleanup.push(fetches.restore);
    const link = setUp(BEANIE, { clock, timeout: 3000 });
    await captureConsoleErrors(async () => {
      link.click();
      clock.tick(2999);
      expect(dialogOpen()!.querySelector('[role=alert]') === null).to.equal(true);
      clock.tick(1);
      await loaded();
    });
    expect(fetches.signals[0]?.aborted).to.equal(true);
    expect(dialogOpen()!.querySelector('[role=alert]')!.textContent).to.contain(QUICK_VIEW_TEXTS.failed);
  });

  it('aborts the request when closed while loading, and a second click sends no second request', async () => {
    await injectFault({ endpoint: ENDPOINT, hang: true });
    const fetches = recordFetches();
    cleanup.push(fetches.restore);
    const link = setUp(BEANIE, { clock: fakeClock() });
    const errors = await captureConsoleErrors(async () => {
      link.click();
      link.click();
      await waitUntil(async () => (await shopLog(ENDPOINT)).length > 0, 'no request');
      expect(fetches.signals).to.have.length(1);
      dialogOpen()!.close();
      await waitUntil(() => fetches.signals[0]?.aborted, 'closing did not abort the request');
      expect(link.hasAttribute('aria-busy')).to.equal(false);
      expect(dialogOpen() === null).to.equal(true);
    });
    expect(errors).to.deep.equal([]);
    expect(await shopLog(ENDPOINT)).to.have.length(1);
  });

  it('slides the gallery: buttons, arrow keys, and a drag only past 15 px', async () => {
    const link = setUp();
    link.click();
    const dialog = await loaded();
    const track = dialog.querySelector<HTMLElement>('.quick-view-gallery')!;
    expect(track.getAttribute('aria-roledescription')).to.equal('carousel');
    const shown = () => [...track.children].findIndex((s) => !(s as HTMLElement).hidden);
    expect(shown()).to.equal(0);
    expect(QUICK_VIEW_DRAG_THRESHOLD).to.equal(15);
    pointer(track, 'pointerdown', 100);
    pointer(track, 'pointermove', 86);
    pointer(track, 'pointerup', 86); // 14 px
    expect(shown()).to.equal(0);
    pointer(track, 'pointerdown', 100);
    pointer(track, 'pointermove', 84);
    pointer(track, 'pointerup', 84); // 16 px to the left: next
    expect(shown()).to.equal(1);
    pointer(track, 'pointerdown', 100);
    pointer(track, 'pointerup', 116); // 16 px to the right: previous
    expect(shown()).to.equal(0);
    dialog.querySelector<HTMLButtonElement>('.quick-view-gallery__previous')!.click(); // wraps around
    expect(shown()).to.equal(2);
    track.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(shown()).to.equal(0);
    await sendKeys({ press: 'ArrowRight' });
    expect(shown()).to.equal(1);
    expect(dialogOpen() === dialog && dialog.open, 'still open').to.equal(true); // keys inside did not close it
    await expect(dialog).to.be.accessible();
  });

  it('adds to the cart from inside the dialog by ajax; the cart updates', async () => {
    const stopCart = readCart();
    cleanup.push(stopCart);
    const link = setUp();
    link.click();
    const dialog = await loaded();
    dialog.querySelector<HTMLButtonElement>('form.cart button[type=submit]')!.click();
    await waitUntil(() => $cart.get().count === 1, 'the cart did not get the product', { timeout: 8000 });
    const adds = await shopLog('add_to_cart');
    expect(adds).to.have.length(1);
    expect(adds[0]!.body.product_id).to.equal(String(BEANIE));
    expect(adds[0]!.body).not.to.have.property('add-to-cart');
    await waitUntil(() => dialog.querySelector('.added_to_cart'), 'no view-cart link');
    expect(dialog.open).to.equal(true);
  });

  it('works on the demo shop listing, which prints the quick-view link', async () => {
    const page = new DOMParser().parseFromString(await (await fetch('/shop/')).text(), 'text/html');
    const item = page.querySelector(`li.product.post-${BEANIE}`)!;
    const printed = item.querySelector<HTMLAnchorElement>('a.quick-view')!;
    expect(printed.dataset.prod).to.equal(String(BEANIE));
    expect(printed.getAttribute('href')).to.equal('#quick-view');
    const { root, remove } = mount(`<ul class="products">${item.outerHTML}</ul>`);
    const stop = installQuickView(root);
    cleanup.push(remove, stop);
    root.querySelector<HTMLAnchorElement>('a.quick-view')!.click();
    const dialog = await loaded();
    expect(dialog.querySelector('.product_title')!.textContent).to.equal('Beanie');
  });

  it('hands a variation form to the page scripts (wc_variation_form)', async () => {
    const heard: Element[] = [];
    const onInit = (e: Event) => heard.push(e.target as Element);
    document.addEventListener('wc_variation_form', onInit);
    cleanup.push(() => document.removeEventListener('wc_variation_form', onInit));
    const link = setUp(HOODIE);
    link.click();
    const dialog = await loaded();
    expect(heard).to.have.length(1);
    expect(heard[0] === dialog.querySelector('form.variations_form')).to.equal(true);
  });
});

describe('quick view: bad markup', () => {
  it('a link without a product id: one console.error, no request, no dialog', async () => {
    const { root, remove } = mount('<a class="quick-view" data-prod="abc" href="#quick-view">Quick View</a>');
    const stop = installQuickView(root);
    const errors = await captureConsoleErrors(() => root.querySelector<HTMLElement>('a')!.click());
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('quick view');
    expect(dialogOpen() === null).to.equal(true);
    stop();
    remove();
  });
});
