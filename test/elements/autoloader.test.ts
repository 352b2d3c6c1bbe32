import { expect, waitUntil } from '@open-wc/testing';
import type { Autoloader } from '../../elements/autoloader.ts';
import { captureConsoleErrors, settle } from '../helpers/elements.ts';

// Present before the autoloader starts, as in a server-rendered page.
const form = document.createElement('form');
form.innerHTML = '<shop-order-attribution></shop-order-attribution>';
document.body.append(form);

describe('autoloader', () => {
  let autoloader: Autoloader;
  let startAutoloader: typeof import('../../elements/autoloader.ts').startAutoloader;
  const added: Element[] = [];
  const add = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    added.push(host);
    return host.firstElementChild as HTMLElement;
  };

  before(async () => {
    ({ autoloader, startAutoloader } = await import('../../elements/autoloader.ts'));
  });
  after(() => {
    for (const el of [form, ...added]) el.remove();
  });

  describe('page autoloader', () => {
    it('loads the chunk of a tag that is in the page at start', async () => {
      expect(await autoloader.whenLoaded('shop-order-attribution')).to.equal(true);
      const el = form.querySelector('shop-order-attribution')!;
      expect(el.matches(':defined')).to.equal(true);
      await waitUntil(() => el.querySelector('input[type="hidden"]'), 'the element never stamped its inputs');
    });

    it('gives ajax add-to-cart to buttons added later, on a page without a mini-cart', async () => {
      expect(customElements.get('shop-mini-cart'), 'a mini-cart would install the buttons itself').to.equal(
        undefined,
      );
      const button = add(
        '<a href="?add-to-cart=104" class="button add_to_cart_button ajax_add_to_cart" data-product_id="104" data-quantity="1">Add to cart</a>',
      );
      expect(await autoloader.whenAddToCartInstalled()).to.equal(true);
      button.click(); // handled: the page would navigate to ?add-to-cart=104 otherwise
      await waitUntil(() => button.classList.contains('added'), 'the demo shop never confirmed the add', {
        timeout: 5000,
      });
    });

    it('loads the chunk of a tag added later, and the element renders', async () => {
      expect(customElements.get('shop-mini-cart')).to.equal(undefined);
      const el = add('<shop-mini-cart><a href="/cart/">Cart</a></shop-mini-cart>');
      expect(await autoloader.whenLoaded('shop-mini-cart')).to.equal(true);
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="button"]'), 'the mini-cart never rendered');
      expect(autoloader.requested.has('shop-mini-cart')).to.equal(true);
    });

    it('ignores unknown shop-* tags', async () => {
      const errors = await captureConsoleErrors(async () => {
        add('<shop-no-such-widget>fallback</shop-no-such-widget>');
        await settle();
      });
      expect(errors).to.deep.equal([]);
      expect(autoloader.requested.has('shop-no-such-widget')).to.equal(false);
      expect(await autoloader.whenLoaded('shop-no-such-widget')).to.equal(false);
      expect(customElements.get('shop-no-such-widget')).to.equal(undefined);
    });
  });

  describe('startAutoloader', () => {
    it('loads each chunk once, however often its tag appears', async () => {
      let calls = 0;
      const root = add('<section></section>');
      const loader = startAutoloader({
        root,
        loaders: { 'x-once-widget': async () => void calls++ },
        installAddToCart: null,
      });
      root.innerHTML = '<x-once-widget></x-once-widget><x-once-widget></x-once-widget>';
      expect(await loader.whenLoaded('x-once-widget')).to.equal(true);
      root.append(document.createElement('x-once-widget'));
      await settle();
      expect(calls).to.equal(1);
      expect(loader.watching, 'nothing left to load').to.equal(false);
    });

    it('asks for the shared chunk once, together with the first element chunk, not after it', async () => {
      const order: string[] = [];
      const root = add(
        '<section><x-first-widget></x-first-widget><x-second-widget></x-second-widget></section>',
      );
      const loader = startAutoloader({
        root,
        loaders: {
          'x-first-widget': async () => void order.push('first'),
          'x-second-widget': async () => void order.push('second'),
        },
        installAddToCart: null,
        preloadShared: async () => void order.push('shared'),
      });
      expect(await loader.whenLoaded('x-second-widget')).to.equal(true);
      expect(order).to.deep.equal(['shared', 'first', 'second']);
    });

    it("asks for each tag's chunk imports beside its chunk, once per tag", async () => {
      const order: string[] = [];
      const root = add(
        '<section><x-first-widget></x-first-widget><x-first-widget></x-first-widget></section>',
      );
      const loader = startAutoloader({
        root,
        loaders: { 'x-first-widget': async () => void order.push('first') },
        installAddToCart: null,
        preloadShared: null,
        preloadImports: (tag) => void order.push(`imports of ${tag}`),
      });
      expect(await loader.whenLoaded('x-first-widget')).to.equal(true);
      expect(order).to.deep.equal(['imports of x-first-widget', 'first']);
    });

    // issue 32: a page may load the autoloader `async`; it then waits for the parser to finish.
    it('loads nothing while the document is still being parsed, then everything in the usual order', async () => {
      const order: string[] = [];
      const root = add(
        '<section><x-first-widget></x-first-widget><button class="ajax_add_to_cart"></button></section>',
      );
      let parsedNow = () => {};
      const parsed = new Promise<void>((resolve) => {
        parsedNow = resolve;
      });
      const loader = startAutoloader({
        root,
        loaders: { 'x-first-widget': async () => void order.push('first') },
        installAddToCart: async () => void order.push('buttons'),
        preloadShared: async () => void order.push('shared'),
        preloadImports: (tag) => void order.push(`imports of ${tag}`),
        parsed,
      });
      await settle();
      expect(order, 'nothing before the parser finished').to.deep.equal([]);
      expect(loader.requested.has('x-first-widget'), 'the tag is known at once').to.equal(true);
      parsedNow();
      expect(await loader.whenLoaded('x-first-widget')).to.equal(true);
      expect(await loader.whenAddToCartInstalled()).to.equal(true);
      expect(order).to.deep.equal(['shared', 'imports of x-first-widget', 'first', 'buttons']);
    });

    it('documentParsed settles at once after parsing, and at the end of parsing while loading', async () => {
      const { documentParsed } = await import('../../elements/autoloader.ts');
      let settled = false;
      await documentParsed({ readyState: 'interactive', addEventListener: () => {} } as never).then(() => {
        settled = true;
      });
      expect(settled).to.equal(true);
      const target = new EventTarget();
      const loading = Object.assign(target, { readyState: 'loading' as DocumentReadyState });
      settled = false;
      const waiting = documentParsed(loading as never).then(() => {
        settled = true;
      });
      await settle();
      expect(settled, 'still parsing').to.equal(false);
      loading.readyState = 'interactive';
      target.dispatchEvent(new Event('readystatechange'));
      await waiting;
      expect(settled).to.equal(true);
    });

    it('does not ask for the shared chunk on a page with none of its tags', async () => {
      let preloads = 0;
      const root = add('<section><p>no elements here</p></section>');
      const loader = startAutoloader({
        root,
        loaders: { 'x-absent-widget': async () => {} },
        installAddToCart: null,
        preloadShared: async () => void preloads++,
      });
      await settle();
      expect(preloads).to.equal(0);
      loader.disconnect();
    });

    it('reports a chunk that fails to load once, naming the tag, and keeps the light DOM', async () => {
      const root = add('<section><x-broken-widget><a href="/cart/">Cart</a></x-broken-widget></section>');
      let outcome: boolean | undefined;
      const errors = await captureConsoleErrors(async () => {
        const loader = startAutoloader({
          root,
          loaders: { 'x-broken-widget': () => Promise.reject(new TypeError('Failed to fetch')) },
          installAddToCart: null,
        });
        outcome = await loader.whenLoaded('x-broken-widget');
      });
      expect(outcome).to.equal(false);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('<x-broken-widget>');
      expect(root.querySelector('x-broken-widget a')?.textContent).to.equal('Cart');
    });

    it('watches added subtrees, not only direct children', async () => {
      const root = add('<section></section>');
      const loader = startAutoloader({
        root,
        loaders: { 'x-deep-widget': async () => {} },
        installAddToCart: null,
      });
      expect(loader.watching).to.equal(true);
      const wrapper = document.createElement('div');
      wrapper.innerHTML = '<p><span><x-deep-widget></x-deep-widget></span></p>';
      root.append(wrapper);
      expect(await loader.whenLoaded('x-deep-widget')).to.equal(true);
    });
  });

  // issue 32: the page behaviours install after the elements' first render.
  describe('afterElements', () => {
    let afterElements: typeof import('../../elements/autoloader.ts').afterElements;
    before(async () => {
      ({ afterElements } = await import('../../elements/autoloader.ts'));
    });
    /** A loader whose chunks settle when the test says so. */
    const fakeLoader = (tags: string[]) => {
      const settle = new Map<string, (ok: boolean) => void>();
      const loads = new Map(
        tags.map((tag) => [tag, new Promise<boolean>((resolve) => settle.set(tag, resolve))] as const),
      );
      return {
        loader: { requested: new Set(tags), whenLoaded: (tag: string) => loads.get(tag)! },
        settle: (tag: string, ok = true) => settle.get(tag)!(ok),
      };
    };

    it('settles once every requested chunk has loaded or failed, not before', async () => {
      const { loader, settle: finish } = fakeLoader(['x-one', 'x-two']);
      let done = false;
      const waiting = afterElements(loader, 5000, () => {}).then(() => {
        done = true;
      });
      finish('x-one');
      await settle();
      expect(done, 'one chunk still loading').to.equal(false);
      finish('x-two', false);
      await waiting;
      expect(done).to.equal(true);
    });

    it('settles after the limit when a chunk never answers, and at once on a page without elements', async () => {
      const { loader } = fakeLoader(['x-stalled']);
      let fire = () => {};
      let asked = 0;
      const waiting = afterElements(loader, 5000, (done, ms) => {
        asked = ms;
        fire = done;
      });
      await settle();
      expect(asked).to.equal(5000);
      fire();
      await waiting;
      await afterElements({ requested: new Set(), whenLoaded: () => Promise.resolve(true) }, 5000, () => {});
    });
  });

  // issue 32: the page-behaviour chunks a page's markup asks for start beside the elements' chunks.
  describe('preloadPageChunks', () => {
    let preloadPageChunks: typeof import('../../elements/autoloader.ts').preloadPageChunks;
    before(async () => {
      ({ preloadPageChunks } = await import('../../elements/autoloader.ts'));
    });
    const preloads = [
      ['.nav-dropdown, .woocommerce-store-notice', ['page.js', 'rolldown-runtime.js']],
      ['.quick-view[data-prod]', ['page-catalog.js', 'page.js', 'dialog.js']],
      ['form.variations_form', ['page-product.js', 'page.js', 'luma.js']],
    ] as const;

    it("starts the chunks of the groups whose markup is on the page, each file once, and no other group's", () => {
      const root = add(
        '<div><ul class="nav-dropdown"></ul><a class="quick-view" data-prod="12" href="/p/">Quick view</a></div>',
      );
      const asked: string[] = [];
      const started = preloadPageChunks(root, preloads, (file) => {
        asked.push(file);
        return Promise.resolve();
      });
      expect(asked).to.deep.equal(['page.js', 'rolldown-runtime.js', 'page-catalog.js', 'dialog.js']);
      expect(started).to.deep.equal(asked);
    });

    it('starts nothing on a page without behaviour markup, and nothing from source (no list built in)', () => {
      const root = add('<p>Plain text</p>');
      const asked: string[] = [];
      preloadPageChunks(root, preloads, async (file) => {
        asked.push(file);
      });
      expect(asked).to.deep.equal([]);
      expect(
        preloadPageChunks(document, undefined, () => Promise.reject(new Error('not from source'))),
      ).to.deep.equal([]);
    });

    it('skips a group whose selectors this browser cannot parse, keeps the others, and swallows failed loads', async () => {
      const root = add('<form class="variations_form"></form>');
      const errors = await captureConsoleErrors(async () => {
        const started = preloadPageChunks(
          root,
          [['form:not-a-real-pseudo-class(x)', ['page-broken.js']], ...preloads],
          (file) => Promise.reject(new TypeError(`Failed to fetch ${file}`)),
        );
        expect(started).to.deep.equal(['page-product.js', 'page.js', 'luma.js']);
        await settle();
      });
      // A failed preload is reported where it matters: by page.js, which loads the chunk again.
      expect(errors).to.deep.equal([]);
    });
  });
});
