import { expect, waitUntil } from '@open-wc/testing';
import { atom } from 'nanostores';
import {
  RESIZE_MS,
  ReviewsController,
  VISIBILITY_RETRY_MS,
} from '../../../elements/shop-reviews/shop-reviews.controller.ts';
import {
  type ReviewsSettings,
  reviewsSettings,
} from '../../../elements/shop-reviews/shop-reviews.settings.ts';
import { SCROLL_END_MS } from '../../../elements/shop-reviews/shop-reviews.track.ts';
import { fakeClock } from '../../helpers/clock.ts';

/** A host with `count` server-printed reviews. */
function host(count: number) {
  const el = document.createElement('div');
  for (let i = 1; i <= count; i++) {
    const card = document.createElement('article');
    card.dataset.review = `r${i}`;
    card.dataset.time = '1700000000';
    card.innerHTML = `<span class="review-author">Author ${i}</span><p class="review-text">Text ${i}</p>`;
    el.append(card);
  }
  return el;
}

function setup(
  count: number,
  input: Partial<ReviewsSettings> = {},
  extra: { reducedMotion?: boolean; fetch?: typeof fetch } = {},
) {
  const clock = fakeClock();
  const settings = atom(reviewsSettings.parse({ layout: 'slider', ...input }));
  const controller = new ReviewsController({ host: host(count), settings, clock, ...extra });
  controller.connect(); // as the element does on connection
  controller.resize(800, true); // 's': 3 columns
  return { clock, settings, controller, state: () => controller.$state.get() };
}

describe('shop-reviews controller', () => {
  it('reads the reviews printed in the light DOM and marks the widget executed', () => {
    const el = host(2);
    new ReviewsController({ host: el, settings: atom(reviewsSettings.parse({})) });
    expect(el.getAttribute('data-exec')).to.equal('true');
  });

  it('initialises once per widget: connected again, it keeps its reviews and does not read the host again', () => {
    const el = host(2);
    const settings = atom(reviewsSettings.parse({}));
    // The element creates one controller for its life and connects it on each connection.
    const controller = new ReviewsController({ host: el, settings });
    const stop = controller.connect();
    controller.expand('r1');
    stop();
    el.replaceChildren();
    controller.connect();
    expect(controller.$state.get().reviews).to.have.length(2);
    expect(controller.$state.get().expanded).to.deep.equal(['r1']);
  });

  it('size class and columns follow the width, debounced by the resize timing', () => {
    const { clock, controller, state } = setup(10);
    expect([state().sizeClass, state().columns]).to.deep.equal(['s', 3]);
    controller.resize(400);
    clock.tick(RESIZE_MS - 1);
    expect(state().columns).to.equal(3);
    clock.tick(1);
    expect([state().sizeClass, state().columns]).to.deep.equal(['xs', 1]);
  });

  it('measures a hidden widget again after the visibility retry', () => {
    const clock = fakeClock();
    const el = host(4);
    const settings = atom(reviewsSettings.parse({ layout: 'slider' }));
    const controller = new ReviewsController({ host: el, settings, clock });
    const box = document.createElement('div');
    box.style.width = '600px';
    const stop = controller.observeSize(box); // not on the page: no width yet
    expect(controller.$state.get().width).to.equal(0);
    document.body.append(box);
    clock.tick(VISIBILITY_RETRY_MS);
    box.remove();
    expect(controller.$state.get().sizeClass).to.equal('x');
    stop();
  });

  it('autoplay moves forward every speed seconds and jumps back to the start at the end', () => {
    const { clock, state } = setup(5, { autoplay: true, speed: 2 });
    expect(state().playing).to.equal(true);
    clock.tick(1999);
    expect(state().index).to.equal(0);
    clock.tick(1);
    expect(state().index).to.equal(1);
    clock.tick(2000);
    expect(state().index).to.equal(2); // the last view: 5 reviews, 3 columns
    clock.tick(2000);
    expect(state().index).to.equal(0);
  });

  it('does not autoplay unless set, nor under reduced motion (the control can still start it)', () => {
    const off = setup(6);
    off.clock.tick(10_000);
    expect(off.state().index).to.equal(0);
    const reduced = setup(6, { autoplay: true }, { reducedMotion: true });
    expect(reduced.state().playing).to.equal(false);
    reduced.clock.tick(10_000);
    expect(reduced.state().index).to.equal(0);
    reduced.controller.setPlaying(true);
    reduced.clock.tick(3000);
    expect(reduced.state().index).to.equal(1);
    const late = setup(6, { autoplay: true });
    late.controller.setReducedMotion(true);
    late.clock.tick(10_000);
    expect(late.state().index).to.equal(0);
  });

  it('the pause control stops and restarts autoplay', () => {
    const { clock, controller, state } = setup(6, { autoplay: true });
    controller.setPlaying(false);
    clock.tick(10_000);
    expect(state().index).to.equal(0);
    controller.setPlaying(true);
    clock.tick(3000);
    expect(state().index).to.equal(1);
  });

  it('waits while the pointer is over it (mousestop) or focus is inside, and goes on after', () => {
    const { clock, controller, state } = setup(6, { autoplay: true });
    controller.hold('pointer', true);
    clock.tick(10_000);
    expect(state().index).to.equal(0);
    controller.hold('focus', true);
    controller.hold('pointer', false);
    clock.tick(10_000);
    expect(state().index).to.equal(0);
    controller.hold('focus', false);
    clock.tick(3000);
    expect(state().index).to.equal(1);
    const ignoring = setup(6, { autoplay: true, mousestop: false });
    ignoring.controller.hold('pointer', true);
    ignoring.clock.tick(3000);
    expect(ignoring.state().index).to.equal(1);
  });

  it('a click stops autoplay for good when clickstop is set, and not otherwise', () => {
    const stops = setup(6, { autoplay: true });
    stops.controller.click();
    stops.clock.tick(10_000);
    expect([stops.state().playing, stops.state().index]).to.deep.equal([false, 0]);
    const goes = setup(6, { autoplay: true, clickstop: false });
    goes.controller.click();
    goes.clock.tick(3000);
    expect(goes.state().index).to.equal(1);
  });

  it('previous/next move a view (or one card with swipe_per_btn) and wrap at the ends', () => {
    const { controller, state } = setup(8);
    controller.next();
    expect(state().index).to.equal(3);
    controller.next();
    expect(state().index).to.equal(5); // the last view
    controller.next();
    expect(state().index).to.equal(0);
    controller.previous();
    expect(state().index).to.equal(5);
    const single = setup(8, { swipe_per_btn: true });
    single.controller.next();
    expect(single.state().index).to.equal(1);
  });

  it('swipes move one card with swipe_step, a view without', () => {
    const one = setup(8);
    one.controller.swipe(1);
    expect(one.state().index).to.equal(1);
    one.controller.swipe(-1);
    one.controller.swipe(-1);
    expect(one.state().index).to.equal(0);
    const page = setup(8, { swipe_step: false });
    page.controller.swipe(1);
    expect(page.state().index).to.equal(3);
  });

  it('the wheel moves once per gesture, only with wheelscroll', () => {
    const off = setup(8);
    expect(off.controller.wheel(100)).to.equal(false);
    expect(off.state().index).to.equal(0);
    const { clock, controller, state } = setup(8, { wheelscroll: true });
    expect(controller.wheel(100)).to.equal(true);
    controller.wheel(100);
    clock.tick(SCROLL_END_MS - 1);
    controller.wheel(100);
    expect(state().index).to.equal(1);
    clock.tick(SCROLL_END_MS);
    controller.wheel(-50);
    expect(state().index).to.equal(0);
  });

  it('dots: one per view, or one per card with swipe_per_dot; the current one follows', () => {
    const { controller } = setup(8);
    expect(controller.dots()).to.deep.equal({ targets: [0, 3, 5], current: 0 });
    controller.goTo(5);
    expect(controller.dots().current).to.equal(2);
    const perCard = setup(5, { swipe_per_dot: true });
    expect(perCard.controller.dots().targets).to.deep.equal([0, 1, 2]);
  });

  it('loads more near the end through the JSON helper; a non-200 answer changes nothing', async () => {
    const calls: string[] = [];
    let status = 200;
    const fetchDouble = (async (url: string) => {
      calls.push(url);
      const reviews = [{ id: 'n1', author: 'New', text: 'x', time: 1 }];
      return new Response(JSON.stringify({ reviews, more: false }), { status });
    }) as unknown as typeof fetch;
    status = 500;
    const failing = setup(6, { reviews_url: 'http://localhost/reviews' }, { fetch: fetchDouble });
    failing.controller.next();
    await waitUntil(() => calls.length > 0 && !failing.state().loading, 'no request');
    expect(failing.state().reviews).to.have.length(6);
    expect(failing.state().loading).to.equal(false);
    status = 200;
    calls.length = 0;
    const { controller, state } = setup(
      9,
      { reviews_url: 'http://localhost/reviews', pagination: 4 },
      { fetch: fetchDouble },
    );
    expect(calls, 'nothing asked before the shopper moves').to.deep.equal([]);
    controller.next();
    await waitUntil(() => state().reviews.length === 10, 'no more reviews');
    expect(calls[0]).to.equal('http://localhost/reviews?offset=9&limit=4');
    expect(
      state()
        .reviews.map((r) => r.id)
        .at(-1),
    ).to.equal('n1');
    expect(state().more).to.equal(false);
  });
});

describe('shop-reviews controller: the scroll-snap track', () => {
  const roots: HTMLElement[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) root.remove();
  });
  /** A real scrolling track of `count` 100 px cards, 300 px wide (3 columns), on the page. */
  function track(count: number) {
    const root = document.createElement('section');
    const element = document.createElement('div');
    element.style.cssText = 'display:flex;width:300px;overflow-x:auto;scroll-snap-type:x mandatory';
    for (let i = 0; i < count; i++) {
      const slide = document.createElement('div');
      slide.style.cssText = 'flex:0 0 100px;height:20px;scroll-snap-align:start';
      element.append(slide);
    }
    root.append(element);
    document.body.append(root);
    roots.push(root);
    return { root, element };
  }
  const scrolled = (element: HTMLElement) =>
    new Promise<void>((resolve) => element.addEventListener('scroll', () => resolve(), { once: true }));

  it('scrolls the track to the card a move asks for: at once under reduced motion, else smoothly', async () => {
    const t = track(8);
    const { controller } = setup(8, {}, { reducedMotion: true });
    const stop = controller.track.observe(t.root, t.element);
    controller.next();
    expect(t.element.scrollLeft).to.equal(300);
    controller.goTo(5);
    expect(t.element.scrollLeft).to.equal(500);
    controller.next();
    expect(t.element.scrollLeft).to.equal(0);
    stop();
    const smooth = setup(8);
    const calls: ScrollToOptions[] = [];
    t.element.scrollTo = ((options: ScrollToOptions) => calls.push(options)) as typeof t.element.scrollTo;
    smooth.controller.track.observe(t.root, t.element);
    smooth.controller.next();
    expect(calls).to.deep.equal([{ left: 300, behavior: 'smooth' }]);
  });

  it('takes the current card from the scroll position once scrolling has been quiet for SCROLL_END_MS', async () => {
    const t = track(8);
    const { clock, controller, state } = setup(8);
    controller.track.observe(t.root, t.element);
    t.element.scrollLeft = 200;
    await scrolled(t.element);
    clock.tick(SCROLL_END_MS - 1);
    expect(state().index).to.equal(0);
    clock.tick(1);
    expect(state().index).to.equal(2);
    expect(controller.dots().current).to.equal(0); // dots at 0, 3, 5
    controller.next(); // goes on from the scrolled place
    expect(state().index).to.equal(5);
  });

  it('finishes a smooth scroll that stopped short, unless the shopper took over', async () => {
    const t = track(8);
    const { clock, controller, state } = setup(8);
    const real = t.element.scrollTo.bind(t.element);
    // An engine that ends smooth scrolls early (one card along), as WebKit may on a layout change.
    t.element.scrollTo = ((options: ScrollToOptions) =>
      real(options.behavior === 'smooth' ? { left: 100 } : options)) as typeof t.element.scrollTo;
    controller.track.observe(t.root, t.element);
    controller.next();
    await scrolled(t.element);
    clock.tick(SCROLL_END_MS);
    expect([state().index, t.element.scrollLeft]).to.deep.equal([3, 300]);
    controller.previous();
    t.element.dispatchEvent(new PointerEvent('pointerdown')); // a touch or drag on the track
    await scrolled(t.element);
    clock.tick(SCROLL_END_MS);
    expect(state().index).to.equal(1);
  });

  it('a scroll near the end loads more reviews', async () => {
    const t = track(9);
    const calls: string[] = [];
    const fetchDouble = (async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ reviews: [], more: false }), { status: 200 });
    }) as unknown as typeof fetch;
    const { clock, controller } = setup(
      9,
      { reviews_url: 'http://localhost/reviews' },
      { fetch: fetchDouble },
    );
    controller.track.observe(t.root, t.element);
    expect(calls).to.deep.equal([]);
    t.element.scrollLeft = 300;
    await scrolled(t.element);
    clock.tick(SCROLL_END_MS);
    await waitUntil(() => calls.length === 1, 'no request');
  });

  it('the wheel on the slider moves once per gesture and is kept from the page (wheelscroll)', () => {
    const t = track(8);
    const { controller, state } = setup(8, { wheelscroll: true }, { reducedMotion: true });
    controller.track.observe(t.root, t.element);
    const wheel = new WheelEvent('wheel', { deltaY: 100, cancelable: true, bubbles: true });
    t.element.dispatchEvent(wheel);
    expect(wheel.defaultPrevented).to.equal(true);
    expect([state().index, t.element.scrollLeft]).to.deep.equal([1, 100]);
  });
});
