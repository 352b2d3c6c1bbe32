import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { axeViolations, openWithAxe } from '../helpers/axe-pages.ts';
import { examplePages } from '../helpers/examples.ts';
import { preferReducedMotion } from '../helpers/reduced-motion.ts';
import { addDirect, resetShop } from '../helpers/shop.ts';

/**
 * Issue 2 §7: the example pages are served with the strict CSP and hold nothing it would block.
 * The CSP test (csp.test.ts) proves the latter in the browsers; this one reads the markup, so a
 * broken page names the offending line even in an engine that reports less.
 */

const PAGES = await examplePages();
const FAVICON = '/examples/favicon.svg';

async function load(path: string): Promise<{ res: Response; doc: Document }> {
  const res = await fetch(path, { cache: 'no-store' });
  return { res, doc: new DOMParser().parseFromString(await res.text(), 'text/html') };
}

/** Markup a strict CSP blocks: inline scripts, `<style>`, style attributes, inline handlers, javascript: URLs. */
function inlineCode(doc: Document): string[] {
  const found: string[] = [];
  for (const script of doc.querySelectorAll('script')) {
    const type = script.getAttribute('type') ?? '';
    if (!script.hasAttribute('src') && type !== 'application/json' && type !== 'application/ld+json')
      found.push(`inline <script>: ${script.textContent?.trim().slice(0, 60)}`);
  }
  for (const el of doc.querySelectorAll('*')) {
    if (el.localName === 'style') found.push('<style> element');
    for (const attr of el.attributes) {
      if (attr.name === 'style') found.push(`style attribute on <${el.localName}>`);
      if (attr.name.startsWith('on')) found.push(`${attr.name} handler on <${el.localName}>`);
      if (/^\s*javascript:/i.test(attr.value)) found.push(`javascript: URL on <${el.localName}>`);
    }
  }
  return found;
}

describe('example pages', () => {
  it('the inline-code check flags the CSP control page', async () => {
    const { doc } = await load('/examples/__csp-control.html');
    // The dev server's esbuild plugin rewrites an inline script's text: compare only the kinds.
    const found = inlineCode(doc).map((f) => f.split(':')[0]);
    expect(found).to.deep.equal(['inline <script>', 'style attribute on <p>']);
  });

  for (const path of PAGES.all) {
    describe(path, () => {
      it('is served with status 200 and the strict CSP', async () => {
        const { res } = await load(path);
        expect(res.status).to.equal(200);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).to.contain("script-src 'self'");
        expect(csp).to.contain("style-src 'self'");
        expect(csp).not.to.contain('unsafe-');
      });

      it('holds no inline script or style', async () => {
        const { doc } = await load(path);
        expect(inlineCode(doc)).to.deep.equal([]);
      });

      it('links the examples favicon (no /favicon.ico 404 in the console)', async () => {
        const { doc } = await load(path);
        expect(doc.querySelector('head link[rel="icon"]')?.getAttribute('href')).to.equal(FAVICON);
      });
    });
  }

  it('every page in examples/ is linked from index.html (except the CSP control page)', async () => {
    const files = (await executeServerCommand('source-files', { dir: 'examples' })) as string[];
    const pages = files
      .filter((f) => f.endsWith('.html') && f !== 'index.html' && f !== '__csp-control.html')
      .map((f) => `/examples/${f}`);
    expect(pages.length).to.be.at.least(6);
    expect(PAGES.linked).to.include.members(pages);
  });

  it('the favicon is served as SVG', async () => {
    const res = await fetch(FAVICON, { cache: 'no-store' });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.contain('image/svg+xml');
    const svg = new DOMParser().parseFromString(await res.text(), 'image/svg+xml');
    expect(svg.documentElement.localName).to.equal('svg');
  });

  it('the mini-cart and storefront pages carry the demo server’s page config', async () => {
    // The server renders pageConfigJson() into every shop page; the examples must hold the same.
    const server = (await load('/shop/')).doc.getElementById('shop-config')?.textContent ?? 'missing';
    for (const path of ['/examples/shop-mini-cart.html', '/examples/storefront.html']) {
      const config = (await load(path)).doc.getElementById('shop-config')?.textContent ?? 'missing';
      expect(JSON.parse(config), path).to.deep.equal(JSON.parse(server));
    }
  });

  it('the mini-cart page is a WooCommerce product loop with ajax add-to-cart buttons', async () => {
    const { doc } = await load('/examples/shop-mini-cart.html');
    const buttons = [
      ...doc.querySelectorAll<HTMLAnchorElement>('ul.products > li.product a.button.ajax_add_to_cart'),
    ];
    expect(buttons.length).to.be.at.least(6);
    for (const button of buttons) {
      const id = button.dataset.product_id;
      expect(button.getAttribute('href')).to.equal(`?add-to-cart=${id}`);
      expect(button.dataset.quantity).to.equal('1');
      expect(button.dataset.product_sku).to.match(/^woo-/);
      expect(button.getAttribute('rel')).to.equal('nofollow');
      expect(button.getAttribute('aria-label')).to.match(/^Add to cart: /);
    }
    const fallback = doc.querySelector('shop-mini-cart > a[href="/cart/"]');
    expect(fallback, 'the no-JavaScript link to the cart').to.exist;
  });

  it('the products on the mini-cart and storefront pages are real catalog products', async () => {
    const catalog = (await (await fetch('/__shop/catalog')).json()) as {
      products: { id: number; name: string; slug: string; sku: string }[];
    };
    for (const path of ['/examples/shop-mini-cart.html', '/examples/storefront.html']) {
      const { doc } = await load(path);
      for (const li of doc.querySelectorAll('ul.products > li.product')) {
        const button = li.querySelector<HTMLElement>('a.button[data-product_id]');
        const product = catalog.products.find((p) => String(p.id) === button?.dataset.product_id);
        expect(product, `${path}: ${li.className}`).to.exist;
        expect(li.querySelector('.woocommerce-loop-product__title')?.textContent).to.equal(product!.name);
        expect(button!.dataset.product_sku).to.equal(product!.sku);
        expect(li.querySelector('img')?.getAttribute('src')).to.equal(
          `/shop-images/${product!.slug}-thumb.svg`,
        );
      }
    }
  });
});

describe('example pages pass axe (WCAG 2.2 AA) on desktops and phones', () => {
  // Reduced motion where the driver can (Chromium): axe judges the final look, not a fade half-way.
  let undoMotion = async () => {};
  before(async () => {
    undoMotion = (await preferReducedMotion()).undo;
  });
  after(() => undoMotion());
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  for (const path of PAGES.all) {
    for (const width of [1280, 390]) {
      it(`${path} at ${width} px`, async function () {
        this.timeout(60000);
        // The cart page shows the quantity buttons of a cart with two lines.
        if (path.endsWith('woocommerce-cart.html')) {
          await resetShop();
          await addDirect(101, 1);
          await addDirect(104, 1);
        }
        frame = await openWithAxe(path, width);
        expect(await axeViolations(frame)).to.deep.equal([]);
      });
    }
  }
});
