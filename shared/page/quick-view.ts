import { labelDialog, openDialog } from '../a11y/dialog.ts';
import { addToCart } from '../cart/actions.ts';
import { viewCartLink } from '../cart/view-cart-link.ts';
import { jqueryWrap } from '../jquery-bridge.ts';
import { logError } from '../log.ts';
import { shop } from '../shop/adapter.ts';
import { $pageConfig } from '../stores/page-config.ts';
import { adoptStyles } from '../style-sheets.ts';
import { safeUrl } from '../url.ts';
import type { BehaviourOptions } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour, type Messages } from './define-behaviour.ts';

export const QUICK_VIEW_SELECTOR = '.quick-view[data-prod]';

/**
 * Quick view from a product box (issue 16; spec §1, §2 "Cart and checkout", §7 "Quick view", §9
 * "Product page and cart"). Flatsome prints `<a class="quick-view" data-prod="123"
 * href="#quick-view">Quick View</a>` in the box; a click POSTs `action=flatsome_quickview&product=123`
 * to admin-ajax (through the shop adapter) and shows the returned HTML, sanitised, in a modal
 * native `<dialog>` (WAI-ARIA APG dialog: labelled by the product title, Escape, a close button,
 * focus back to the link). Inside: a small image slider over the gallery slides (previous/next,
 * arrow keys, a swipe past 15 px) and the add-to-cart form sent by ajax through the cart module.
 */

/** spec §9 "Product page and cart": quick view slider drag threshold 15 (px, more than it moves). */
export const QUICK_VIEW_DRAG_THRESHOLD = 15;
/** The visible texts (English, like the theme's defaults). */
export const QUICK_VIEW_TEXTS = {
  dialog: 'Quick view',
  close: 'Close',
  loading: 'Loading…',
  // spec §8 has no quick-view row; worded like its lightbox failure ("could not be loaded", with link).
  failed: 'The product could not be loaded.',
  productPage: 'Open the product page',
  gallery: 'Product images',
  previous: 'Previous image',
  next: 'Next image',
  added: 'Added to your cart.',
  addFailed: 'The product could not be added to the cart.',
};

export interface QuickViewOptions extends BehaviourOptions {
  /** Time limit in ms before the failure text; default the page's request time-out (spec §7). */
  timeout?: number;
}

const CSS = `
.quick-view-dialog{box-sizing:border-box;inline-size:min(60rem,calc(100vw - 2rem));max-block-size:calc(100dvh - 2rem);padding:0;border:0;border-radius:var(--shop-radius,4px);background:var(--shop-color-surface,#fff);color:var(--shop-color-text,#1a1a1a);overscroll-behavior:contain}
.quick-view-dialog::backdrop{background:rgb(0 0 0/.6)}
.quick-view-dialog__close{position:sticky;float:inline-end;inset-block-start:0;z-index:1;min-inline-size:2.75rem;min-block-size:2.75rem;border:0;background:transparent;color:inherit;font-size:1.5rem;cursor:pointer}
.quick-view-dialog__body{padding:var(--shop-space-m,1rem)}
.quick-view-dialog__status{display:flex;gap:.5em;align-items:center;margin:2rem 0}
.quick-view-dialog__spinner{inline-size:1.25em;block-size:1.25em;border:2px solid currentColor;border-inline-end-color:transparent;border-radius:50%;animation:quick-view-spin .8s linear infinite}
@keyframes quick-view-spin{to{transform:rotate(1turn)}}
@media (prefers-reduced-motion:reduce){.quick-view-dialog__spinner{animation:none}}
.quick-view-gallery{position:relative;touch-action:pan-y;user-select:none}
.quick-view-gallery>[hidden]{display:none!important}
.quick-view-gallery img{display:block;max-inline-size:100%;block-size:auto;-webkit-user-drag:none}
.quick-view-gallery__nav{display:flex;gap:.5em;justify-content:center;margin-block:.5em}
.quick-view-gallery__nav button{min-inline-size:2.75rem;min-block-size:2.75rem}
.quick-view-dialog :focus-visible{outline:var(--shop-focus-ring-width,2px) solid var(--shop-color-focus,#1f5f8b);outline-offset:2px}
.quick-view.is-loading{opacity:.6;cursor:progress}
`;

let ids = 0;
const nextId = (prefix: string) => `${prefix}-${++ids}`;

/** The product box around a quick-view link: its title and its product page (http(s) only). */
function boxOf(link: Element) {
  const box = link.closest('.product, .product-small, li, .box');
  const title =
    box
      ?.querySelector('.woocommerce-loop-product__title, .product-title, .name, h2, h3')
      ?.textContent?.trim() ?? '';
  const anchor = box?.querySelector<HTMLAnchorElement>(
    'a.woocommerce-LoopProduct-link, .product-title a, .name a, a[href]:not(.quick-view)',
  );
  return { title, url: safeUrl(anchor?.getAttribute('href')) };
}

/**
 * The add-to-cart fields of a product form as WooCommerce's ajax add_to_cart reads them: the form
 * data, `product_id` the chosen variation (WC_AJAX::add_to_cart takes a variation id there) or the
 * product, and no `add-to-cart` (WooCommerce's form handler would add a second time). Null when
 * the form names no product or a variable product has no variation chosen yet.
 */
export function quickViewCartFields(form: HTMLFormElement, submitter: HTMLElement | null = null) {
  const fields: Record<string, string> = {};
  let data: FormData;
  try {
    data = new FormData(form, submitter);
  } catch {
    data = new FormData(form);
  }
  for (const [name, value] of data) if (typeof value === 'string') fields[name] = value;
  if (submitter instanceof HTMLButtonElement && submitter.name && !(submitter.name in fields))
    fields[submitter.name] = submitter.value;
  const variation = Number(fields.variation_id) > 0 ? fields.variation_id! : '';
  const product = fields['add-to-cart'] || fields.product_id || '';
  delete fields['add-to-cart'];
  if (form.classList.contains('variations_form') ? !variation : !/^\d+$/.test(product)) return null;
  fields.product_id = variation || product;
  return fields;
}

/** The dialog's body while the product loads: a status with a spinner. */
function loadingBody(doc: Document): HTMLElement {
  const body = doc.createElement('div');
  body.className = 'quick-view-dialog__body product-lightbox lightbox-content';
  const status = doc.createElement('p');
  status.className = 'quick-view-dialog__status';
  status.setAttribute('role', 'status');
  const spinner = doc.createElement('span');
  spinner.className = 'quick-view-dialog__spinner';
  status.append(spinner, QUICK_VIEW_TEXTS.loading);
  body.append(status);
  return body;
}

/** What the dialog says when the product cannot be loaded: an alert, with the product page's link. */
function failedMessage(doc: Document, url: string | null | undefined): HTMLElement {
  const message = doc.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'quick-view-dialog__error';
  message.append(QUICK_VIEW_TEXTS.failed);
  if (url) {
    const a = doc.createElement('a');
    a.href = url;
    a.textContent = QUICK_VIEW_TEXTS.productPage;
    message.append(' ', a);
  }
  return message;
}

/** The loaded product in the dialog: its heading labels it, its gallery slides, its variation forms start. */
function enhanceProduct(doc: Document, dialog: HTMLDialogElement, body: HTMLElement): void {
  const heading = body.querySelector<HTMLElement>('.product_title, .product-title, h1, h2');
  if (heading) {
    heading.id ||= nextId('quick-view-title');
    heading.tabIndex = -1;
    labelDialog(dialog, heading);
  }
  const gallery = body.querySelector<HTMLElement>(
    '.product-gallery-slider, .woocommerce-product-gallery__wrapper, .product-gallery .slider',
  );
  if (gallery) slider(gallery, doc);
  for (const form of body.querySelectorAll<HTMLFormElement>('form.variations_form')) {
    // WooCommerce's add-to-cart-variation.js (Flatsome calls it on the quick view's form);
    // without it, a `wc_variation_form` event for our swatches and other page scripts.
    const $form = jqueryWrap(form) as { wc_variation_form?: () => unknown } | null;
    if (typeof $form?.wc_variation_form === 'function') {
      try {
        $form.wc_variation_form();
      } catch (error) {
        logError(null, 'quick view: wc_variation_form failed.', error);
      }
    } else form.dispatchEvent(new CustomEvent('wc_variation_form', { bubbles: true }));
  }
  // APG dialog: with content longer than a screen, focus goes to the heading at its start.
  if (heading && doc.activeElement === dialog.querySelector('.quick-view-dialog__close'))
    heading.focus({ preventScroll: true });
}

/** A cart form submitted in the dialog: added by ajax, with a note (other forms go their own way). */
function addFromDialog(doc: Document, event: SubmitEvent, dialog: HTMLDialogElement): void {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.matches('form.cart')) return;
  const fields = quickViewCartFields(form, event.submitter);
  if (!fields) return; // the form goes its own way (to the product page)
  event.preventDefault();
  if (form.getAttribute('aria-busy') === 'true') return;
  form.setAttribute('aria-busy', 'true');
  const note = form.querySelector('.quick-view-dialog__added') ?? doc.createElement('p');
  note.className = 'quick-view-dialog__added';
  note.setAttribute('role', 'status');
  note.textContent = '';
  form.append(note);
  void addToCart(fields, event.submitter ?? form).then((result) => {
    form.removeAttribute('aria-busy');
    if (!dialog.open) return;
    if (result === 'added') note.replaceChildren(QUICK_VIEW_TEXTS.added, ' ', viewCartLink(doc));
    else if (result === 'failed') note.textContent = QUICK_VIEW_TEXTS.addFailed;
  });
}

/** Installs quick view for the links under `root` (delegated: links added later work too). */
export const installQuickView = definePageBehaviour({
  name: 'quick-view',
  selector: QUICK_VIEW_SELECTOR,
  install(root, context: BehaviourContext<Messages, QuickViewOptions>) {
    const doc = context.document;
    const clock = context.clock;
    let open: { dialog: HTMLDialogElement; link: HTMLElement } | undefined;

    const show = (link: HTMLElement, productId: string) => {
      adoptStyles(doc, CSS);
      const { title, url } = boxOf(link);
      const controller = new AbortController();
      const body = loadingBody(doc);
      // The kit's dialog (shared/a11y/dialog.ts): modal, a close button taking focus, the backdrop
      // closes it; on close it leaves the page and focus goes back to the link, without scrolling.
      const dialog = openDialog({
        doc,
        className: 'quick-view-dialog',
        label: title || QUICK_VIEW_TEXTS.dialog,
        closeButton: { label: QUICK_VIEW_TEXTS.close, className: 'quick-view-dialog__close' },
        content: [body],
        opener: link,
        onClose: () => {
          controller.abort();
          done();
          if (open?.dialog === dialog) open = undefined;
        },
      });
      dialog.setAttribute('aria-busy', 'true');
      link.setAttribute('aria-busy', 'true');
      link.classList.add('is-loading');
      dialog.addEventListener('submit', (event) => addFromDialog(doc, event as SubmitEvent, dialog));
      let slow = false;
      const timer = clock.setTimeout(() => {
        slow = true;
        controller.abort();
      }, context.options.timeout ?? $pageConfig.get().requestTimeout);
      const done = () => {
        clock.clearTimeout(timer);
        dialog.removeAttribute('aria-busy');
        link.removeAttribute('aria-busy');
        link.classList.remove('is-loading');
      };
      open = { dialog, link };

      const fail = (reason: unknown) => {
        if (!dialog.open) return;
        logError(null, `quick view: product ${productId} could not be loaded.`, reason);
        body.replaceChildren(failedMessage(doc, url));
      };
      // The sanitizer (DOMPurify, 12 kB) comes with the first quick view, beside the product's
      // request, rather than with every product list (issue 32).
      Promise.all([shop().quickView(productId, controller.signal), import('../sanitize.ts')]).then(
        ([html, { sanitizeToFragment }]) => {
          done();
          if (!dialog.open) return;
          const content = sanitizeToFragment(html, doc);
          if (!content.textContent?.trim() && !content.querySelector('img'))
            return fail(new Error('the shop answered with nothing'));
          body.replaceChildren(content);
          enhanceProduct(doc, dialog, body);
        },
        (error: unknown) => {
          done();
          if (!controller.signal.aborted || slow) fail(error);
        },
      );
    };

    const onClick = (event: Event) => {
      const mouse = event as MouseEvent;
      if (mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLElement>(QUICK_VIEW_SELECTOR);
      if (!link || (root instanceof Element && !root.contains(link))) return;
      event.preventDefault();
      if (open) return; // one at a time: a second click while one loads or shows sends nothing
      const productId = (link.dataset.prod ?? '').trim();
      if (!/^\d+$/.test(productId)) {
        logError(null, `quick view: data-prod "${link.dataset.prod}" is not a product id; ignored.`);
        return;
      }
      show(link, productId);
    };
    context.on(root, 'click', onClick);
    return () => {
      open?.dialog.close();
    };
  },
});

/**
 * The quick view's image slider: the container's element children holding an image are the
 * slides, one shown at a time (APG carousel roles, no auto-rotation), previous/next buttons that
 * wrap around (Flatsome's wrapAround), the arrow keys, and a horizontal drag or swipe of more than
 * {@link QUICK_VIEW_DRAG_THRESHOLD} px; slides switch without animation (nothing to reduce).
 * Left alone with fewer than two slides.
 */
function slider(track: HTMLElement, doc: Document) {
  const slides = [...track.children].filter(
    (c): c is HTMLElement => c instanceof HTMLElement && c.querySelector('img') !== null,
  );
  if (slides.length < 2) return;
  track.id ||= nextId('quick-view-gallery');
  track.classList.add('quick-view-gallery');
  track.setAttribute('role', 'region');
  track.setAttribute('aria-roledescription', 'carousel');
  track.setAttribute('aria-label', QUICK_VIEW_TEXTS.gallery);
  track.tabIndex = 0;
  let index = 0;
  const go = (to: number) => {
    index = (to + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      slide.hidden = i !== index;
      slide.classList.toggle('is-selected', i === index);
    });
  };
  slides.forEach((slide, i) => {
    slide.setAttribute('role', 'group');
    slide.setAttribute('aria-roledescription', 'slide');
    slide.setAttribute('aria-label', `${i + 1} of ${slides.length}`);
  });
  const nav = doc.createElement('div');
  nav.className = 'quick-view-gallery__nav';
  for (const [label, step] of [
    [QUICK_VIEW_TEXTS.previous, -1],
    [QUICK_VIEW_TEXTS.next, 1],
  ] as const) {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = step < 0 ? 'quick-view-gallery__previous' : 'quick-view-gallery__next';
    b.textContent = label;
    b.setAttribute('aria-controls', track.id);
    b.addEventListener('click', () => go(index + step));
    nav.append(b);
  }
  track.after(nav);
  track.addEventListener('keydown', (event) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!step) return;
    event.preventDefault();
    go(index + (doc.dir === 'rtl' ? -step : step));
  });
  // Swipe: pointer events, so mouse, pen and touch alike; the page still scrolls vertically
  // (touch-action: pan-y). Images are not dragged natively.
  let start: { x: number; id: number } | undefined;
  let dragged = false;
  track.addEventListener('dragstart', (event) => event.preventDefault());
  track.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    start = { x: event.clientX, id: event.pointerId };
    dragged = false;
    try {
      track.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser does not know (synthetic events): listening on the track is enough
    }
  });
  const end = (event: PointerEvent) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    start = undefined;
    if (event.type === 'pointercancel' || Math.abs(dx) <= QUICK_VIEW_DRAG_THRESHOLD) return;
    dragged = true;
    go(index + (dx < 0 ? 1 : -1) * (doc.dir === 'rtl' ? -1 : 1));
  };
  track.addEventListener('pointerup', end);
  track.addEventListener('pointercancel', end);
  // A drag is not a click on whatever is under the pointer.
  track.addEventListener(
    'click',
    (event) => {
      if (dragged) event.preventDefault();
      dragged = false;
    },
    { capture: true },
  );
  go(0);
}
