import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { atom } from 'nanostores';
import sinon from 'sinon';
import { ReviewsController } from '../../../elements/shop-reviews/shop-reviews.controller.ts';
import { reviewsSettings } from '../../../elements/shop-reviews/shop-reviews.settings.ts';
import type { ShopReviewsElement } from '../../../elements/shop-reviews/shop-reviews.ts';
import { fakeClock, fixDate, localTime } from '../../helpers/clock.ts';
import '../../../elements/shop-reviews/shop-reviews.ts';
import { captureConsoleErrors, shadowQuery, untilQuiet } from '../../helpers/elements.ts';

/** The page's time in every test here (seconds): noon on 30 November, the cards 3 days before. */
const NOW = localTime(2026, 11, 30, 12).getTime() / 1000;
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

/** Server-printed review markup (readable without JavaScript), written at `time` (seconds). */
function card(id: string, author: string, text: string, extra = '', time = NOW - 3 * 86400) {
  return `<article data-review="${id}" data-time="${time}" data-rating="4">
    <span class="review-author">${author}</span><p class="review-text">${text}</p>${extra}</article>`;
}

async function widget(options: object, cards: string[], dir = 'ltr'): Promise<ShopReviewsElement> {
  const el = document.createElement('shop-reviews');
  el.setAttribute('data-options', JSON.stringify(options));
  el.innerHTML = cards.join('');
  const box = await fixture<HTMLDivElement>(html`<div dir=${dir} style="width: 800px"></div>`);
  box.append(el);
  await shadowQuery(el, '.card');
  await untilQuiet([el.shadowRoot]);
  return el;
}

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
const cards = (n: number) =>
  Array.from({ length: n }, (_, i) => card(`r${i + 1}`, `Author ${i + 1}`, `Text ${i + 1}`));
const texts = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('.slide:not([inert]) .text')].map((t) => t.textContent);
const trackOf = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('[part="track"]')!;
/** Whether card `index` (0-based) is scrolled to the start of the track: a real scroll position. */
function atCard(el: Element, index: number): boolean {
  const track = trackOf(el);
  const slide = track.children[index];
  return Math.abs(slide.getBoundingClientRect().left - track.getBoundingClientRect().left) < 1;
}
/** Waits until the track has scrolled card `index` to its start and the slider shows it as current. */
async function scrolledTo(el: Element, index: number, message: string) {
  await waitUntil(() => atCard(el, index) && texts(el)[0] === `Text ${index + 1}`, message, {
    timeout: 4000,
  });
}
/** Runs `fn` with `prefers-reduced-motion: reduce` matching (every engine, unlike emulateMedia). */
async function withReducedMotion(fn: () => Promise<void>) {
  const real = window.matchMedia.bind(window);
  const stub = sinon.stub(window, 'matchMedia').callsFake((query: string) =>
    query.includes('prefers-reduced-motion')
      ? ({
          ...real(query),
          matches: true,
          addEventListener() {},
          removeEventListener() {},
        } as MediaQueryList)
      : real(query),
  );
  try {
    await fn();
  } finally {
    stub.restore();
  }
}

describe('shop-reviews', () => {
  let undoDate = () => {};
  beforeEach(() => {
    undoDate = fixDate(new Date(NOW * 1000));
  });
  afterEach(() => undoDate());

  describe('rendering', () => {
    it('shows the server-printed reviews: author, stars with accessible text, time ago', async () => {
      const el = await widget({}, cards(2));
      const first = el.shadowRoot!.querySelector('.card')!;
      expect(first.querySelector('.author')!.textContent).to.equal('Author 1');
      expect(first.querySelector('[part="stars"]')!.getAttribute('aria-label')).to.equal('Rated 4 out of 5');
      expect(first.querySelector('time')!.textContent).to.equal('3 days ago');
      expect(el.getAttribute('data-exec')).to.equal('true');
    });

    it('renders hostile review text and author names as text, never markup', async () => {
      const el = document.createElement('shop-reviews');
      el.innerHTML = `<script type="application/reviews+json">${JSON.stringify([
        { id: 1, author: HOSTILE, text: HOSTILE, rating: 5, time: NOW },
      ]).replace(/</g, '\\u003c')}</script>`;
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
      const text = await shadowQuery(el, '.text');
      expect(text.textContent).to.equal(HOSTILE);
      expect(el.shadowRoot!.querySelector('.author')!.textContent).to.equal(HOSTILE);
      expect(el.shadowRoot!.querySelector('img:not(.thumb img), script')).to.equal(null);
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    });

    it('trims long text with read more, then shows it whole with focus on the text', async () => {
      const long = 'word '.repeat(80).trim();
      const el = await widget({ text_size: 50 }, [card('r1', 'A', long)]);
      const text = el.shadowRoot!.querySelector('.text')!;
      expect(text.textContent!.length).to.be.below(60);
      expect(text.textContent).to.match(/…$/);
      (el.shadowRoot!.querySelector('[part="read-more"]') as HTMLButtonElement).click();
      await waitUntil(() => el.shadowRoot!.querySelector('.text')?.textContent === long, 'not expanded');
      expect(el.shadowRoot!.querySelector('[part="read-more"]')).to.equal(null);
      expect(el.shadowRoot!.activeElement?.classList.contains('text')).to.equal(true);
    });

    it('shows the date instead of time ago with time_format', async () => {
      const el = await widget({ time_format: 'long' }, cards(1));
      expect(el.shadowRoot!.querySelector('time')!.textContent).to.equal('November 27, 2026');
    });

    it('says "1 day ago", not "yesterday", for a review 47 h old across a month end (spec §9)', async () => {
      undoDate();
      undoDate = fixDate(localTime(2026, 12, 1, 22, 30));
      const written = localTime(2026, 11, 29, 23, 30).getTime() / 1000;
      const el = await widget({}, [card('r1', 'A', 'Two days back by the calendar', '', written)]);
      const time = el.shadowRoot!.querySelector('time')!;
      expect(time.textContent).to.equal('1 day ago');
      expect(time.getAttribute('title')).to.equal('November 29, 2026');
    });

    it('gives the grid the columns of the breakpoints and the size class of its width', async () => {
      const el = await widget({ breakpoints: '0:1,600:2' }, cards(3));
      const widgetPart = el.shadowRoot!.querySelector('[part="widget"]')!;
      // The size class follows a ResizeObserver, whose first delivery is its own task after layout
      // (under load it may come after the render settles): wait for it, then check it is 's'.
      await waitUntil(() => widgetPart.getAttribute('data-size') !== 'xs', 'size class never measured');
      expect(widgetPart.getAttribute('data-size')).to.equal('s');
      expect(widgetPart.getAttribute('data-columns')).to.equal('2');
      const items = el.shadowRoot!.querySelectorAll('.grid > li');
      expect(items[1].getBoundingClientRect().top).to.equal(items[0].getBoundingClientRect().top);
      expect(items[2].getBoundingClientRect().top).to.be.above(items[0].getBoundingClientRect().top);
      el.parentElement!.style.width = '400px';
      await waitUntil(() => widgetPart.getAttribute('data-size') === 'xs', 'size class did not follow');
      expect(widgetPart.getAttribute('data-columns')).to.equal('1');
    });

    it('links per open_link and nofollow_link', async () => {
      const author = '<a href="https://example.com/a"><span class="review-author">A</span></a>';
      const withLink = `<article data-review="x" data-time="${NOW}">${author}<p class="review-text">t</p></article>`;
      const el = await widget({ open_link: true, nofollow_link: true }, [withLink]);
      const link = el.shadowRoot!.querySelector('a.author')!;
      expect([link.getAttribute('target'), link.getAttribute('rel')]).to.deep.equal([
        '_blank',
        'nofollow noopener',
      ]);
      const plain = await widget({ open_link: false, nofollow_link: false }, [withLink]);
      const other = plain.shadowRoot!.querySelector('a.author')!;
      expect([other.getAttribute('target'), other.getAttribute('rel')]).to.deep.equal([null, null]);
    });
  });

  describe('settings', () => {
    it('reports a bad data-options field once, naming it, and keeps working', async () => {
      let el: ShopReviewsElement | undefined;
      const errors = await captureConsoleErrors(async () => {
        el = await widget({ speed: 'fast', text_size: 10 }, cards(1));
      });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('<shop-reviews>').and.to.contain('speed');
      expect(el!.hasAttribute('data-invalid-settings')).to.equal(true);
      expect(el!.settings.speed).to.equal(3);
      expect(el!.settings.text_size).to.equal(10);
    });

    it('takes reviews through the reviews property, dropping invalid entries', async () => {
      const el = await widget({}, cards(1));
      el.reviews = [{ id: 'p1', author: 'Prop', text: 'From JSON', time: NOW }, { nope: true }];
      await waitUntil(() => el.shadowRoot!.querySelector('.author')?.textContent === 'Prop', 'not replaced');
      expect(el.reviews).to.have.length(1);
    });
  });

  describe('initialisation', () => {
    it('initialises once: a re-inserted widget keeps its state and does not read its markup again', async () => {
      const el = await widget({ text_size: 5 }, cards(2));
      (el.shadowRoot!.querySelector('[part="read-more"]') as HTMLButtonElement).click();
      await waitUntil(() => el.shadowRoot!.querySelector('.text')?.textContent === 'Text 1', 'not expanded');
      const box = el.parentElement!;
      el.remove();
      await new Promise((resolve) => setTimeout(resolve, 50)); // past the deferred unmount
      el.innerHTML = card('new', 'Someone else', 'Changed markup');
      box.append(el);
      await shadowQuery(el, '.card');
      await untilQuiet([el.shadowRoot]);
      expect(el.getAttribute('data-exec')).to.equal('true');
      expect([...el.shadowRoot!.querySelectorAll('.author')].map((a) => a.textContent)).to.deep.equal([
        'Author 1',
        'Author 2',
      ]);
      expect(el.shadowRoot!.querySelector('.text')!.textContent).to.equal('Text 1');
    });

    it('prints a JSON-LD aggregate rating matching the reviews shown, when asked', async () => {
      const plain = await widget({}, cards(2));
      expect(plain.querySelector('script[type="application/ld+json"]')).to.equal(null);
      const el = await widget({ aggregate_rating: 'Wool scarf' }, [
        card('a', 'A', 'x').replace('data-rating="4"', 'data-rating="5"'),
        card('b', 'B', 'y'),
        card('c', 'C', 'z').replace('data-rating="4"', 'data-rating="0"'),
      ]);
      const data = JSON.parse(el.querySelector('script[type="application/ld+json"]')!.textContent!);
      expect(data.name).to.equal('Wool scarf');
      expect(data.aggregateRating).to.include({ ratingValue: 4.5, reviewCount: 2 });
      el.reviews = [{ id: 'n', author: 'N', rating: 1, text: 't', time: NOW }];
      await waitUntil(() =>
        el.querySelector('script[type="application/ld+json"]')?.textContent?.includes('"reviewCount":1'),
      );
    });
  });

  describe('slider', () => {
    it('is an APG carousel: rotation control, previous/next, labelled slides, dots', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2', autoplay: true }, cards(5));
      const slider = el.shadowRoot!.querySelector('[part="slider"]')!;
      expect(slider.getAttribute('aria-roledescription')).to.equal('carousel');
      const slides = el.shadowRoot!.querySelectorAll('[aria-roledescription="slide"]');
      expect(slides[0].getAttribute('aria-label')).to.equal('1 of 5');
      expect(texts(el)).to.deep.equal(['Text 1', 'Text 2']);
      const pause = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="pause-button"]')!;
      // Focus in the slider holds the rotation; the pause control is a labelled button.
      pause.focus();
      expect(pause.getAttribute('aria-label')).to.equal('Stop automatic slide show');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => pause.getAttribute('aria-label') === 'Start automatic slide show', 'not paused');
      expect(el.shadowRoot!.querySelector('.track')!.getAttribute('aria-live')).to.equal('polite');
      await sendKeys({ press: 'Tab' }); // previous
      await sendKeys({ press: 'Tab' }); // next
      await sendKeys({ press: 'Enter' });
      await scrolledTo(el, 2, 'next did not scroll');
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="previous-button"]')!.focus();
      await sendKeys({ press: 'Enter' });
      await scrolledTo(el, 0, 'previous did not scroll');
      const dots = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="dot"]');
      expect(dots).to.have.length(3);
      dots[2].click();
      await scrolledTo(el, 3, 'dot did not scroll');
      expect(dots[2].getAttribute('aria-current')).to.equal('true');
    });

    it('holds the rotation while the mouse is over it (live region polite), and rotates again after', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2', autoplay: true }, cards(5));
      const slider = el.shadowRoot!.querySelector('[part="slider"]')!;
      const track = el.shadowRoot!.querySelector('.track')!;
      expect(track.getAttribute('aria-live')).to.equal('off');
      slider.dispatchEvent(
        new PointerEvent('pointerover', { pointerType: 'mouse', bubbles: true, composed: true }),
      );
      slider.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
      await waitUntil(() => track.getAttribute('aria-live') === 'polite', 'not held');
      slider.dispatchEvent(
        new PointerEvent('pointerout', { pointerType: 'mouse', bubbles: true, composed: true }),
      );
      slider.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
      await waitUntil(() => track.getAttribute('aria-live') === 'off', 'not released');
    });

    it('does not autoplay under prefers-reduced-motion', async () => {
      await withReducedMotion(async () => {
        const el = await widget({ layout: 'slider', breakpoints: '0:2', autoplay: true }, cards(5));
        const pause = el.shadowRoot!.querySelector('[part="pause-button"]')!;
        expect(pause.getAttribute('aria-label')).to.equal('Start automatic slide show');
        expect(el.shadowRoot!.querySelector('.track')!.getAttribute('aria-live')).to.equal('polite');
      });
    });

    it('is a native scroll-snap track: cards snap to the start, the page is not scrolled', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2' }, cards(5));
      const track = trackOf(el);
      expect(getComputedStyle(track).scrollSnapType).to.match(/^x mandatory/);
      expect(getComputedStyle(track.children[0]).scrollSnapAlign).to.match(/start/);
      expect(track.scrollWidth).to.be.above(track.clientWidth);
      const twoCards = track.children[2].getBoundingClientRect().left - track.getBoundingClientRect().left;
      expect(Math.round(twoCards)).to.equal(Math.round(track.clientWidth));
    });

    it('scrolls smoothly with previous/next, and at once under prefers-reduced-motion', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2' }, cards(5));
      const scrollTo = sinon.spy(trackOf(el), 'scrollTo');
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="next-button"]')!.click();
      expect(scrollTo.lastCall.args[0]).to.include({ behavior: 'smooth' });
      await scrolledTo(el, 2, 'next did not scroll');
      await withReducedMotion(async () => {
        const still = await widget({ layout: 'slider', breakpoints: '0:2' }, cards(5));
        const next = still.shadowRoot!.querySelector<HTMLButtonElement>('[part="next-button"]')!;
        const spy = sinon.spy(trackOf(still), 'scrollTo');
        next.click();
        expect(spy.lastCall.args[0]).to.include({ behavior: 'auto' });
        // No animation: the track is at the next view as soon as the press is handled.
        expect(atCard(still, 2), 'not scrolled at once').to.equal(true);
        next.click();
        expect(atCard(still, 3), 'the last view').to.equal(true);
        next.click();
        expect(atCard(still, 0), 'back to the start').to.equal(true);
      });
    });

    it('moves with the keyboard: Tab to previous/next, Enter', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2' }, cards(6));
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="pause-button"]')!.focus();
      await sendKeys({ press: 'Tab' });
      const next = el.shadowRoot!.querySelector('[part="next-button"]')!;
      expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector('[part="previous-button"]'));
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement).to.equal(next);
      await sendKeys({ press: 'Enter' });
      await scrolledTo(el, 2, 'Enter on next did not scroll');
      await sendKeys({ press: 'Enter' });
      await scrolledTo(el, 4, 'Enter on next did not scroll again');
      // (Shift+Tab is not available over WebDriver classic: focus previous directly.)
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="previous-button"]')!.focus();
      await sendKeys({ press: 'Enter' });
      await scrolledTo(el, 2, 'Enter on previous did not scroll');
      expect(next.getAttribute('aria-label')).to.equal('Next reviews');
    });

    it('follows a swipe or scroll of the track: the current slide, dot and live text come from the scroll position', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2', swipe_per_dot: true }, cards(6));
      const track = trackOf(el);
      // What a touch swipe or a trackpad does: scroll the track itself (snapping to a card).
      track.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true }));
      track.scrollLeft = track.children[3].getBoundingClientRect().left - track.getBoundingClientRect().left;
      await scrolledTo(el, 3, 'the slider did not follow the scroll');
      const dots = el.shadowRoot!.querySelectorAll('[part~="dot"]');
      expect([...dots].findIndex((d) => d.getAttribute('aria-current') === 'true')).to.equal(3);
      expect(texts(el)).to.deep.equal(['Text 4', 'Text 5']);
      // The buttons go on from there.
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="previous-button"]')!.click();
      await scrolledTo(el, 1, 'previous did not go on from the scrolled position');
    });

    it('snaps one view per swipe without swipe_step: snap points at the start of each view', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2', swipe_step: false }, cards(5));
      const snaps = [...trackOf(el).children].map((s) =>
        getComputedStyle(s).scrollSnapAlign.includes('start'),
      );
      expect(snaps).to.deep.equal([true, false, true, true, false]);
    });

    it('keeps its place when the columns change', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:1,600:2' }, cards(6));
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="next-button"]')!.click();
      await scrolledTo(el, 2, 'next did not scroll');
      el.parentElement!.style.width = '400px';
      await waitUntil(() => texts(el).length === 1, 'columns did not follow');
      await scrolledTo(el, 2, 'the card in view moved away');
    });

    it('scrolls the other way in a right-to-left page', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2' }, cards(5), 'rtl');
      const track = trackOf(el);
      const startEdge = (i: number) =>
        track.children[i].getBoundingClientRect().right - track.getBoundingClientRect().right;
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="next-button"]')!.click();
      await waitUntil(() => Math.abs(startEdge(2)) < 1 && texts(el)[0] === 'Text 3', 'rtl next', {
        timeout: 4000,
      });
      // A touch on the track, then its scroll back to the start (right to left).
      track.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true }));
      track.scrollLeft = 0;
      await waitUntil(() => texts(el)[0] === 'Text 1', 'rtl scroll not followed', { timeout: 4000 });
    });

    it('swipes with the pointer and turns with the wheel (wheelscroll), not scrolling the page', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2', wheelscroll: true }, cards(5));
      const track = el.shadowRoot!.querySelector('.track')!;
      track.dispatchEvent(new PointerEvent('pointerdown', { clientX: 300, bubbles: true, composed: true }));
      track.dispatchEvent(new PointerEvent('pointerup', { clientX: 200, bubbles: true, composed: true }));
      await scrolledTo(el, 1, 'swipe did not scroll');
      const wheel = new WheelEvent('wheel', { deltaY: 120, bubbles: true, composed: true, cancelable: true });
      el.shadowRoot!.querySelector('[part="slider"]')!.dispatchEvent(wheel);
      expect(wheel.defaultPrevented).to.equal(true);
      await scrolledTo(el, 2, 'wheel did not scroll');
    });

    it('hides the dots with hide_dots', async () => {
      const el = await widget({ layout: 'slider', breakpoints: '0:2', hide_dots: true }, cards(5));
      expect(el.shadowRoot!.querySelector('[part="dots"]')).to.equal(null);
    });

    it('loads more reviews from the demo endpoint as the slider nears the end', async () => {
      const url = '/wp-json/shop-reviews/v1/reviews';
      const el = await widget(
        { layout: 'slider', breakpoints: '0:2', reviews_url: url, pagination: 5 },
        cards(6),
      );
      expect(el.reviews).to.have.length(6);
      (el.shadowRoot!.querySelector('[part="next-button"]') as HTMLButtonElement).click();
      await waitUntil(() => el.reviews.length === 11, 'no more reviews loaded', { timeout: 4000 });
      expect(el.reviews[6].id).to.equal('demo-7');
    });

    it("loads the first page into an empty grid, and more with the grid's button", async () => {
      const url = '/wp-json/shop-reviews/v1/reviews';
      const el = document.createElement('shop-reviews');
      el.setAttribute('data-options', JSON.stringify({ reviews_url: url, pagination: 4 }));
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
      await waitUntil(() => el.shadowRoot?.querySelectorAll('.card').length === 4, 'first page not shown', {
        timeout: 4000,
      });
      const more = await shadowQuery<HTMLButtonElement>(el, '[part="more-button"]');
      more.click();
      await waitUntil(() => el.shadowRoot!.querySelectorAll('.card').length === 8, 'second page not shown', {
        timeout: 4000,
      });
      expect(el.reviews.map((r) => r.id).slice(3, 5)).to.deep.equal(['demo-4', 'demo-5']);
    });

    it('does nothing when the endpoint answers other than 200', async () => {
      const url = '/wp-json/shop-reviews/v1/missing';
      const el = await widget({ layout: 'slider', breakpoints: '0:2', reviews_url: url }, cards(3));
      (el.shadowRoot!.querySelector('[part="next-button"]') as HTMLButtonElement).click();
      await waitUntil(() => !el.shadowRoot!.querySelector('[aria-busy]'), 'still loading');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(el.reviews).to.have.length(3);
      expect(el.shadowRoot!.querySelectorAll('.card')).to.have.length(3);
    });
  });

  describe('lightbox', () => {
    const media = (href: string) =>
      `<a class="review-media" href="${href}" data-width="800" data-height="800"><img src="/shop-images/cap-thumb.svg" alt=""></a>`;

    it('opens the photo in PhotoSwipe and closes on Escape, focus back on the thumbnail', async () => {
      const el = await widget({}, [card('m', 'Photo person', 'With photo', media('/shop-images/cap.svg'))]);
      const thumb = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="thumb"]')!;
      expect(thumb.querySelector('img')!.alt).to.equal('Photo 1 of 1 by Photo person');
      thumb.focus();
      thumb.click();
      await waitUntil(() => document.querySelector('.pswp[data-open]'), 'lightbox did not open', {
        timeout: 4000,
      });
      await waitUntil(() => document.querySelector('.pswp__img:not(.pswp__img--placeholder)'), 'no image');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !document.querySelector('.pswp'), 'lightbox did not close', { timeout: 4000 });
      await waitUntil(() => el.shadowRoot!.activeElement === thumb, 'focus not returned');
    });

    it('opens through the one lightbox opener: a named modal dialog, the page inert, Shift+Tab reaching Close', async () => {
      const el = await widget({}, [card('n', 'Photo person', 'With photo', media('/shop-images/cap.svg'))]);
      const thumb = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="thumb"]')!;
      thumb.focus();
      thumb.click();
      await waitUntil(() => document.querySelector('.pswp[data-open]'), 'lightbox did not open', {
        timeout: 4000,
      });
      const dialog = document.querySelector<HTMLElement>('.pswp')!;
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(dialog.getAttribute('aria-label')).to.equal('Photo 1 of 1 by Photo person');
      expect(el.closest<HTMLElement>('[inert]')).to.exist;
      await shiftTab();
      expect(document.activeElement?.getAttribute('aria-label')).to.equal('Close');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !document.querySelector('.pswp'), 'lightbox did not close', { timeout: 4000 });
      expect(el.closest('[inert]')).to.equal(null);
      await waitUntil(() => el.shadowRoot!.activeElement === thumb, 'focus not returned');
    });

    it('says the image could not be loaded, with a link, when it fails', async () => {
      const el = await widget({}, [card('f', 'A', 'Broken photo', media('/shop-images/missing-photo.jpg'))]);
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="thumb"]')!.click();
      const message = await waitUntil(() => document.querySelector('.pswp__error-msg'), 'no error', {
        timeout: 4000,
      }).then(() => document.querySelector('.pswp__error-msg')!);
      expect(message.textContent).to.equal('The image could not be loaded');
      expect(message.querySelector('a')!.getAttribute('href')).to.match(/missing-photo\.jpg$/);
      await waitUntil(() => document.querySelector('.pswp[data-open]'), 'lightbox did not open', {
        timeout: 4000,
      });
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !document.querySelector('.pswp'), 'lightbox did not close', { timeout: 4000 });
    });
    it('numbers the failed image when the review has several photos', async () => {
      const photos = media('/shop-images/missing-1.jpg') + media('/shop-images/missing-2.jpg');
      const el = await widget({}, [card('g', 'A', 'Two broken photos', photos)]);
      el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="thumb"]')[1].click();
      await waitUntil(() => document.querySelector('.pswp[data-open]'), 'lightbox did not open', {
        timeout: 4000,
      });
      await waitUntil(
        () =>
          [...document.querySelectorAll('.pswp__error-msg')].some(
            (m) => m.textContent === 'The image #2 could not be loaded.',
          ),
        'no numbered error',
        { timeout: 4000 },
      );
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !document.querySelector('.pswp'), 'lightbox did not close', { timeout: 4000 });
    });
  });

  describe('lightbox timings', () => {
    it('hides the controls after 4000 ms without activity, and shows them on a pointer move', async () => {
      const clock = fakeClock();
      const settings = atom(reviewsSettings.parse({}));
      const review = {
        id: 'x',
        author: 'A',
        authorUrl: null,
        rating: 5,
        text: '',
        time: 0,
        url: null,
        lang: null,
        media: [
          { src: '/shop-images/cap.svg', thumb: '/shop-images/cap-thumb.svg', width: 800, height: 800 },
        ],
      };
      // The reviews' lightbox on the controller's clock (the shared opener, loaded on first use).
      const controller = new ReviewsController({ host: document.createElement('div'), settings, clock });
      const closed = controller.lightbox(review, 0, null);
      await waitUntil(() => document.querySelector('.pswp[data-open]'), 'did not open', { timeout: 4000 });
      const root = document.querySelector('.pswp')!;
      clock.tick(3999);
      expect(root.classList.contains('pswp--ui-idle')).to.equal(false);
      clock.tick(1);
      expect(root.classList.contains('pswp--ui-idle')).to.equal(true);
      root.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
      expect(root.classList.contains('pswp--ui-idle')).to.equal(false);
      await sendKeys({ press: 'Escape' });
      await closed;
    });
  });

  describe('accessibility', () => {
    it('passes axe as a grid', async () => {
      const grid = await widget({ text_size: 5 }, cards(3));
      await expect(grid).to.be.accessible();
    });

    it('passes axe as a slider, at the start and scrolled', async () => {
      const slider = await widget({ layout: 'slider', breakpoints: '0:2' }, cards(5));
      await expect(slider).to.be.accessible();
      slider.shadowRoot!.querySelector<HTMLButtonElement>('[part="next-button"]')!.click();
      await scrolledTo(slider, 2, 'next did not scroll');
      await expect(slider).to.be.accessible();
    });
  });
});
