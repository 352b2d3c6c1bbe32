import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import {
  LIGHTBOX,
  type LightboxOptions,
  type OpenLightbox,
  openPhotoSwipe as open,
} from '../../../shared/lightbox/photoswipe.ts';
import { fakeClock } from '../../helpers/clock.ts';

const TEXTS = {
  imageError: 'The image could not be loaded',
  imageErrorNumbered: 'The image #{index} could not be loaded.',
  close: 'Close',
  zoom: 'Zoom',
  previous: 'Previous',
  next: 'Next',
  imageOf: 'Image {index} of {count}',
};
const SLIDES = [
  { src: '/shop-images/beanie.svg', width: 800, height: 800, alt: 'Beanie', caption: 'A warm beanie' },
  { src: '/shop-images/cap.svg', width: 800, height: 800, alt: 'Cap', caption: '' },
];

const opened = () =>
  waitUntil(() => document.querySelector('.pswp[data-open]'), 'did not open', { timeout: 4000 });
/**
 * Shift+Tab as a shopper presses it: Shift held down, Tab, Shift let go. WebDriver's driver takes
 * only `press`, of WebDriver key codes (Shift U+E008, Tab U+E004): pressed together so.
 */
async function shiftTab() {
  if (/AppleWebKit/.test(navigator.userAgent) && !/Chrome/.test(navigator.userAgent)) {
    await sendKeys({ press: '\uE008\uE004' });
    return;
  }
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}
const root = () => document.querySelector<HTMLElement>('.pswp')!;
/** The name of what has focus: a control's aria-label, or 'dialog' for the lightbox itself. */
const focused = () => {
  const active = document.activeElement as HTMLElement | null;
  return active === root() ? 'dialog' : (active?.getAttribute('aria-label') ?? active?.tagName ?? '');
};
/** Running animations and transitions of the lightbox (CSS animations, CSS transitions, Web Animations). */
const moving = () =>
  document.getAnimations().filter((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return target instanceof Element && target.closest('.pswp') && a.playState === 'running';
  });
const THREE = [
  { src: '/shop-images/beanie.svg', width: 800, height: 800, alt: 'Beanie' },
  { src: '/shop-images/cap.svg', width: 800, height: 800, alt: '' },
  { src: '/shop-images/beanie.svg', width: 800, height: 800, alt: '' },
];

/**
 * Runs `fn` with `prefers-reduced-motion: reduce` matching: emulated where the driver can
 * (Chromium), else `matchMedia` answers so (what the opener reads).
 */
async function withReducedMotion(fn: () => Promise<void>) {
  let emulated = false;
  try {
    await emulateMedia({ reducedMotion: 'reduce' });
    emulated = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    // not supported by this engine's driver
  }
  const real = window.matchMedia.bind(window);
  const stub = emulated
    ? null
    : sinon
        .stub(window, 'matchMedia')
        .callsFake((query: string) =>
          query.includes('prefers-reduced-motion')
            ? ({ ...real(query), matches: true } as MediaQueryList)
            : real(query),
        );
  try {
    await fn();
  } finally {
    stub?.restore();
    if (emulated) await emulateMedia({ reducedMotion: 'no-preference' });
  }
}

/** Lightboxes opened by the test running, closed after it whatever happened. */
let boxes: OpenLightbox[] = [];
const openPhotoSwipe = (options: LightboxOptions) => {
  const box = open(options);
  boxes.push(box);
  return box;
};

describe('shared/lightbox/photoswipe', () => {
  afterEach(async () => {
    for (const box of boxes) box.close();
    await Promise.all(boxes.map((box) => box.closed));
    boxes = [];
  });

  it('has the constants of spec §9', () => {
    expect(LIGHTBOX).to.deep.equal({ animationMs: 333, idleMs: 4000, spacing: 0.12, maxZoom: 1.33 });
  });

  it('hides the controls after 4000 ms without activity and shows them on a pointer move', async () => {
    const clock = fakeClock();
    const box = openPhotoSwipe({ slides: SLIDES, index: 0, opener: null, texts: TEXTS, clock });
    await opened();
    const root = document.querySelector('.pswp')!;
    clock.tick(LIGHTBOX.idleMs - 1);
    expect(root.classList.contains('pswp--ui-idle')).to.equal(false);
    clock.tick(1);
    expect(root.classList.contains('pswp--ui-idle')).to.equal(true);
    root.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    expect(root.classList.contains('pswp--ui-idle')).to.equal(false);
    box.close();
    await box.closed;
    expect(document.querySelector('.pswp')).to.equal(null);
  });

  it('shows the caption of the slide in view, and gives focus back to the opener on Escape', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Open';
    document.body.append(opener);
    try {
      const onChange: number[] = [];
      const box = openPhotoSwipe({
        slides: SLIDES,
        index: 0,
        opener,
        texts: TEXTS,
        reducedMotion: true,
        onChange: (index) => onChange.push(index),
      });
      await opened();
      expect(document.querySelector('.pswp__caption')!.textContent).to.equal('A warm beanie');
      await sendKeys({ press: 'ArrowRight' });
      await waitUntil(() => onChange.includes(1), 'did not move to the second slide');
      expect(document.querySelector('.pswp__caption')!.textContent).to.equal('');
      await sendKeys({ press: 'Escape' });
      await box.closed;
      expect(document.activeElement).to.equal(opener);
    } finally {
      opener.remove();
    }
  });

  it('is a modal dialog named by the image in view: its alt, else "Image N of M"', async () => {
    const box = openPhotoSwipe({ slides: THREE, index: 0, opener: null, texts: TEXTS, reducedMotion: true });
    await opened();
    expect(root().getAttribute('role')).to.equal('dialog');
    expect(root().getAttribute('aria-modal')).to.equal('true');
    expect(root().getAttribute('aria-label')).to.equal('Beanie');
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => root().getAttribute('aria-label') === 'Image 2 of 3', 'not named by its number');
    box.close();
    await box.closed;
  });

  it('makes the page behind inert while open and gives it back exactly as it was', async () => {
    const before = document.createElement('div');
    before.inert = true;
    const page = document.createElement('div');
    page.innerHTML = '<button>On the page</button>';
    const later = document.createElement('div');
    document.body.append(before, page);
    try {
      const box = openPhotoSwipe({
        slides: SLIDES,
        index: 0,
        opener: null,
        texts: TEXTS,
        reducedMotion: true,
      });
      await opened();
      expect(root().inert).to.equal(false);
      expect(page.inert).to.equal(true);
      expect(before.inert).to.equal(true);
      page.querySelector('button')!.focus();
      expect(document.activeElement).not.to.equal(page.querySelector('button'));
      // What the page adds while it is open (a chat box, a notice) is behind it too.
      document.body.append(later);
      await waitUntil(() => later.inert, 'an element added while open is not inert');
      box.close();
      await box.closed;
      expect(page.inert).to.equal(false);
      expect(later.inert).to.equal(false);
      expect(before.inert).to.equal(true);
    } finally {
      before.remove();
      page.remove();
      later.remove();
    }
  });

  it('keeps Tab and Shift+Tab inside, cycling through Close, Previous and Next', async () => {
    const page = document.createElement('button');
    page.textContent = 'On the page';
    document.body.append(page);
    try {
      const box = openPhotoSwipe({
        slides: THREE,
        index: 0,
        opener: page,
        texts: TEXTS,
        reducedMotion: true,
      });
      await opened();
      await waitUntil(() => document.activeElement === root(), 'the dialog did not take focus');
      // Backwards first: PhotoSwipe alone keeps Shift+Tab on its root.
      const back: string[] = [];
      for (let n = 0; n < 4; n++) {
        await shiftTab();
        back.push(focused());
      }
      const stops = [...root().querySelectorAll('button')]
        .filter((b) => b.getClientRects().length && getComputedStyle(b).visibility !== 'hidden')
        .map((b) => b.getAttribute('aria-label'));
      expect(stops).to.include.members(['Close', 'Previous', 'Next']);
      const forward: string[] = [];
      for (let n = 0; n <= stops.length; n++) {
        await sendKeys({ press: 'Tab' });
        forward.push(focused());
      }
      const reversed = [...stops].reverse();
      // From the dialog itself: the last control, then back through them, round from the first.
      expect(back).to.deep.equal([...reversed, ...reversed].slice(0, 4));
      // Then forwards from where that ended, round from the last to the first.
      const at = stops.indexOf(back.at(-1)!);
      expect(forward).to.deep.equal(forward.map((_, n) => stops[(at + 1 + n) % stops.length]));
      await sendKeys({ press: 'Escape' });
      await box.closed;
      expect(document.activeElement).to.equal(page);
    } finally {
      page.remove();
    }
  });

  it('passes axe while open, colour contrast of the caption and counter included', async () => {
    const box = openPhotoSwipe({ slides: THREE, index: 0, opener: null, texts: TEXTS, reducedMotion: true });
    await opened();
    document.querySelector('.pswp__caption')!.textContent = 'A warm beanie';
    await expect(root()).to.be.accessible();
    box.close();
    await box.closed;
  });

  it('under reduced motion opens, loads and closes with nothing moving (the loading icon stands still)', async () => {
    await withReducedMotion(async () => {
      const box = openPhotoSwipe({ slides: THREE, index: 0, opener: null, texts: TEXTS });
      expect(moving()).to.deep.equal([]);
      await opened();
      const preloader = document.querySelector('.pswp__preloader')!;
      // PhotoSwipe's loading state (shown while an image loads for more than 2 s).
      preloader.classList.add('pswp__preloader--active');
      expect(getComputedStyle(preloader.querySelector('.pswp__icn')!).animationName).to.equal('none');
      expect(moving()).to.deep.equal([]);
      await sendKeys({ press: 'Escape' });
      expect(moving()).to.deep.equal([]);
      await box.closed;
    });
  });

  it('spins the loading icon without reduced motion', async () => {
    const box = openPhotoSwipe({ slides: THREE, index: 0, opener: null, texts: TEXTS, reducedMotion: false });
    await opened();
    expect(getComputedStyle(document.querySelector('.pswp__preloader .pswp__icn')!).animationName).to.equal(
      'pswp-clockwise',
    );
    box.close();
    await box.closed;
  });

  it('opens inside the modal dialog its opener is in (a popup in a shadow root), usable there', async () => {
    const popup = document.createElement('div');
    const shadow = popup.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<dialog aria-label="Popup"><slot></slot></dialog>';
    const opener = document.createElement('button');
    opener.textContent = 'Open';
    popup.append(opener);
    document.body.append(popup);
    const dialog = shadow.querySelector('dialog')!;
    dialog.showModal();
    try {
      opener.focus();
      const box = openPhotoSwipe({ slides: THREE, index: 0, opener, texts: TEXTS, reducedMotion: true });
      const lightbox = await waitUntil(
        () => shadow.querySelector<HTMLElement>('.pswp[data-open]'),
        'not in the popup',
        {
          timeout: 4000,
        },
      ).then(() => shadow.querySelector<HTMLElement>('.pswp')!);
      expect(lightbox.parentElement).to.equal(dialog);
      // Its stylesheet reached the shadow root: it covers the screen, above the popup's content.
      expect(getComputedStyle(lightbox).position).to.equal('fixed');
      const close = lightbox.querySelector<HTMLElement>('.pswp__button--close')!;
      const { left, top, width, height } = close.getBoundingClientRect();
      expect(
        shadow.elementFromPoint(left + width / 2, top + height / 2)?.closest('.pswp__button--close'),
      ).to.equal(close);
      expect(shadow.querySelector('slot')!.inert).to.equal(true);
      await waitUntil(() => shadow.activeElement === lightbox, 'the lightbox did not take focus');
      await shiftTab();
      expect(shadow.activeElement?.getAttribute('aria-label')).to.equal('Next');
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      const first = shadow.activeElement;
      expect(first && lightbox.contains(first)).to.equal(true);
      await sendKeys({ press: 'Escape' });
      await box.closed;
      // Escape closed the lightbox only; the popup is open as it was, focus back on the opener.
      expect(dialog.open).to.equal(true);
      expect(shadow.querySelector('slot')!.inert).to.equal(false);
      expect(document.activeElement).to.equal(opener);
    } finally {
      dialog.close();
      popup.remove();
    }
  });
});
