import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { resetPopupRegistry } from '../../../elements/shop-popup/shop-popup.registry.ts';
import type { ShopPopupElement } from '../../../elements/shop-popup/shop-popup.ts';
import '../../../elements/shop-popup/shop-popup.ts';
import {
  actionHash,
  installLinkActions,
  OTHER_FOCUS_DELAY_MS,
  pageLinkActions,
  parseActionHash,
} from '../../../shared/page/link-actions.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';

const QUICK = { entrance_animation: 'none', exit_animation: 'none' };
const dialogOf = (el: Element) => el.shadowRoot?.querySelector('dialog') ?? null;
// One 1x1 PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('link actions (spec §2)', () => {
  beforeEach(() => {
    resetPopupRegistry();
    for (const key of Object.keys(localStorage))
      if (key.startsWith('shop-popup:')) localStorage.removeItem(key);
  });

  it('encodes and decodes action hashes; damaged ones are ignored', async () => {
    const hash = actionHash('popup:open', { id: '42', toggle: true });
    expect(parseActionHash(hash)).to.deep.equal({
      action: 'popup:open',
      settings: { id: '42', toggle: true },
    });
    expect(parseActionHash(encodeURIComponent(hash))).to.deep.equal(parseActionHash(hash));
    expect(parseActionHash('#reviews')).to.equal(null);
    expect(parseActionHash('#elementor-action:settings=e30=')).to.equal(null);
    const errors = await captureConsoleErrors(() => {
      expect(parseActionHash('#elementor-action:action=popup:open&settings=!!!')).to.equal(null);
    });
    expect(errors).to.have.length(1);
  });

  it('popup open, toggle and close (with do not show again) from links', async () => {
    pageLinkActions();
    const root = await fixture(html`<div>
      <a id="open" href=${actionHash('popup:open', { id: 'deal' })}>Open</a>
      <a id="toggle" href=${actionHash('popup:open', { id: 'deal', toggle: true })}>Toggle</a>
      <shop-popup id="deal" .settings=${QUICK}>
        <p>Deal</p><a id="never" href=${actionHash('popup:close', { do_not_show_again: true })}>Never again</a>
      </shop-popup>
    </div>`);
    const popup = root.querySelector<ShopPopupElement>('shop-popup')!;
    const opened = oneEvent(popup, 'shop-popup-opened');
    root.querySelector<HTMLAnchorElement>('#open')!.click();
    await opened;
    await waitUntil(() => dialogOf(popup)?.open, 'popup:open did not open');
    expect(location.hash).not.to.contain('elementor-action');
    let closed = oneEvent(popup, 'shop-popup-closed');
    root.querySelector<HTMLAnchorElement>('#toggle')!.click();
    await closed;
    await waitUntil(() => !dialogOf(popup)?.open, 'toggle did not close');
    root.querySelector<HTMLAnchorElement>('#toggle')!.click();
    await waitUntil(() => dialogOf(popup)?.open, 'toggle did not open');
    closed = oneEvent(popup, 'shop-popup-closed');
    root.querySelector<HTMLAnchorElement>('#never')!.click();
    await closed;
    expect(JSON.parse(localStorage.getItem('shop-popup:deal:disabled')!).value).to.equal(true);
    root.querySelector<HTMLAnchorElement>('#open')!.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogOf(popup)?.open).to.equal(false);
  });

  it('off-canvas open, close and toggle, with focus after 100 ms', async () => {
    const clock = fakeClock();
    const root = await fixture(html`<div>
      <dialog id="off-canvas-menu"><button>First</button></dialog>
    </div>`);
    const actions = installLinkActions({ doc: document, clock, runAddressHash: false });
    const panel = root.querySelector('dialog')!;
    await actions.run({ action: 'off_canvas:open', settings: { id: 'menu' } });
    expect(panel.open).to.equal(true);
    (document.activeElement as HTMLElement | null)?.blur();
    clock.tick(OTHER_FOCUS_DELAY_MS);
    expect(document.activeElement).to.equal(panel.querySelector('button'));
    await actions.run({ action: 'off_canvas:toggle', settings: { id: 'menu' } });
    expect(panel.open).to.equal(false);
    await actions.run({ action: 'off_canvas:toggle', settings: { id: 'menu' } });
    expect(panel.open).to.equal(true);
    await actions.run({ action: 'off_canvas:close', settings: { id: 'menu' } });
    expect(panel.open).to.equal(false);
    actions.dispose();
  });

  it('reload page', async () => {
    let reloads = 0;
    const actions = installLinkActions({ reload: () => (reloads += 1), runAddressHash: false });
    await actions.run({ action: 'reload', settings: {} });
    expect(reloads).to.equal(1);
    actions.dispose();
  });

  it('image links open the lightbox by the per-link switch; a slideshow steps with arrow keys', async () => {
    const root = await fixture(html`<div>
      <a id="plain" href="/a.png"><img src=${PNG} alt="A"></a>
      <a id="yes" data-elementor-open-lightbox="yes" data-elementor-lightbox-title="<b>One</b>" href=${`${location.origin}/one.png`}>One</a>
      <a data-elementor-open-lightbox="yes" data-elementor-lightbox-slideshow="g" href="/s1.png">S1</a>
      <a id="s2" data-elementor-open-lightbox="yes" data-elementor-lightbox-slideshow="g" href="/s2.png">S2</a>
    </div>`);
    const actions = pageLinkActions();
    // Global lightbox off (no page config): a plain image link is left alone.
    let defaultPrevented = false;
    const watch = (event: Event) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', watch);
    root.querySelector<HTMLAnchorElement>('#plain')!.click();
    expect(defaultPrevented).to.equal(false);
    root.querySelector<HTMLAnchorElement>('#yes')!.click();
    expect(defaultPrevented).to.equal(true);
    document.removeEventListener('click', watch);
    const box = actions.lightbox!;
    expect(box.open).to.equal(true);
    expect(box.querySelector('figcaption')!.textContent).to.equal('<b>One</b>');
    expect(box.querySelector('b')).to.equal(null);
    box.close();
    root.querySelector<HTMLAnchorElement>('#s2')!.click();
    const show = actions.lightbox!;
    expect(show.querySelector('img')!.getAttribute('src')).to.contain('/s2.png');
    show.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    expect(show.querySelector('img, [role="alert"]')).to.exist;
    expect(show.textContent).to.contain('1 / 2');
    // spec §8: a failed image in a slideshow says which one.
    await waitUntil(() => show.querySelector('[role="alert"]'), 'no load failure message');
    expect(show.querySelector('[role="alert"]')!.textContent).to.equal('The image #1 could not be loaded.');
    show.close();
  });

  it('the lightbox action with a url, and an unknown action is reported', async () => {
    const actions = pageLinkActions();
    await actions.run({ action: 'lightbox', settings: { url: PNG, title: 'Pixel' } });
    // Only http(s) URLs load; anything else is the single-image failure of spec §8, with its link.
    expect(actions.lightbox!.querySelector('[role="alert"]')!.textContent).to.equal(
      'The image could not be loaded',
    );
    actions.lightbox!.close();
    await actions.run({ action: 'lightbox', settings: { url: '/missing.png', title: 'Missing' } });
    await waitUntil(
      () => actions.lightbox?.querySelector('[role="alert"] a[href$="/missing.png"]'),
      'no failure link',
    );
    actions.lightbox!.close();
    const errors = await captureConsoleErrors(() => actions.run({ action: 'explode', settings: {} }));
    expect(errors).to.have.length(1);
  });

  it('runs the action hash in the page address on load, and scrolls to the theme template', async () => {
    const start = location.href;
    const root = await fixture(html`<div>
      <div style="height: 3000px"></div>
      <section data-elementor-id="77">Template</section>
      <dialog id="off-canvas-cart"><button>Cart</button></dialog>
    </div>`);
    try {
      history.replaceState(
        null,
        '',
        `${location.pathname}?theme_template_id=77${actionHash('off_canvas:open', { id: 'cart' })}`,
      );
      const actions = installLinkActions({ clock: fakeClock() });
      await waitUntil(() => root.querySelector('dialog')?.open, 'the address action did not run');
      root.querySelector('dialog')!.close();
      const box = root.querySelector('section')!.getBoundingClientRect();
      expect(box.top).to.be.lessThan(window.innerHeight);
      actions.dispose();
    } finally {
      history.replaceState(null, '', start);
      window.scrollTo(0, 0);
    }
  });

  it('the global lightbox setting opens plain image links; a link can opt out', async () => {
    const page = window as unknown as { elementorFrontendConfig?: unknown };
    page.elementorFrontendConfig = { kit: { global_image_lightbox: 'yes' } };
    try {
      const root = await fixture(html`<div>
        <a id="plain" href="/a.png">A</a>
        <a id="no" data-elementor-open-lightbox="no" href="/b.png">B</a>
      </div>`);
      const actions = pageLinkActions();
      // Registered after the link actions: it sees what they did, then keeps the page here.
      const stop = (event: Event) => event.preventDefault();
      document.addEventListener('click', stop);
      root.querySelector<HTMLAnchorElement>('#no')!.click();
      expect(actions.lightbox).to.equal(null);
      root.querySelector<HTMLAnchorElement>('#plain')!.click();
      document.removeEventListener('click', stop);
      expect(actions.lightbox?.open).to.equal(true);
      actions.lightbox!.close();
    } finally {
      delete page.elementorFrontendConfig;
    }
  });
});

describe('link actions in the page-behaviour shape', () => {
  it('LINK_ACTIONS_SELECTOR is a valid selector matching action and image links', async () => {
    const { LINK_ACTIONS_SELECTOR } = await import('../../../shared/page/link-actions.ts');
    const root = await fixture(
      html`<div><a href="#elementor-action:action=reload">R</a><a href="/x.PNG">I</a><a href="/p/">P</a></div>`,
    );
    expect(root.querySelectorAll(LINK_ACTIONS_SELECTOR).length).to.equal(2);
  });
});
