import { expect, waitUntil } from '@open-wc/testing';
import { installLottie, readLottie } from '../../../shared/page/lottie.ts';
import type { LottieAnimation, LottieHandle, LottiePlayer } from '../../../shared/page/lottie-animation.ts';
import { viewportProgress, windowProgress } from '../../../shared/page/lottie-triggers.ts';
import { captureConsoleErrors, frames, resizeViewport } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/**
 * spec §2 Other, §7 Other, §9 Theme: lottie animations, their player a lazy chunk loaded only when
 * the markup is there, none under reduced motion. Flatsome's lottie element and the data-attribute
 * markup; the real player (lottie-web's light build) with a real animation served from the repo.
 */
const ANIMATION = '/examples/lottie/shopping-bag.json';
const MARKUP = `<div class="lottie" data-lottie="/anim.json" data-loop="false" data-poster="/shop-images/hoodie-thumb.svg" aria-label="A waving hoodie"></div>`;
const flatsome = (params: Record<string, unknown>, id = 'ux-lottie-1') =>
  `<div id="${id}" class="ux-lottie"><lottie-player class="ux-lottie__player" data-params='${JSON.stringify({ src: ANIMATION, id, ...params })}'></lottie-player></div>`;

/** A player that records what it is asked. */
function fakePlayer() {
  const played: LottieAnimation[] = [];
  const calls: string[] = [];
  let destroyed = 0;
  const play: LottiePlayer = (container, animation) => {
    played.push(animation);
    container.append(Object.assign(document.createElement('span'), { className: 'played' }));
    let playing = false;
    const handle: LottieHandle = {
      ready: Promise.resolve(),
      get playing() {
        return playing;
      },
      play: () => {
        playing = true;
        calls.push('play');
      },
      pause: () => {
        playing = false;
        calls.push('pause');
      },
      stop: () => {
        playing = false;
        calls.push('stop');
      },
      seek: (progress) => calls.push(`seek ${progress.toFixed(2)}`),
      setDirection: (direction) => calls.push(`direction ${direction}`),
      frame: () => 0,
      destroy: () => {
        destroyed += 1;
      },
    };
    return handle;
  };
  return { played, calls, play, destroyed: () => destroyed };
}

describe('lottie', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    uninstall = () => {};
    view?.remove();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const el = () => view.root.querySelector<HTMLElement>('.lottie, lottie-player')!;

  describe('markup', () => {
    it("reads Flatsome's data-params (the ux_lottie shortcode's fields)", () => {
      view = mount(
        flatsome({
          loop: false,
          autoplay: false,
          controls: true,
          speed: '1.5',
          direction: -1,
          trigger: 'hover',
          mouseout: 'reverse',
          start: 10,
          end: 90,
          scrollActionType: 'play',
          visibilityStart: 20,
          visibilityEnd: 80,
        }),
      );
      const animation = readLottie(el())!;
      expect(new URL(animation.path).pathname).to.equal(ANIMATION);
      expect({ ...animation, path: '' }).to.deep.equal({
        path: '',
        loop: false,
        autoplay: false,
        controls: true,
        speed: 1.5,
        direction: -1,
        trigger: 'hover',
        mouseout: 'reverse',
        start: 10,
        end: 90,
        scrollActionType: 'play',
        visibilityStart: 20,
        visibilityEnd: 80,
      });
    });

    it('reads the data attributes, with the defaults for what is missing', () => {
      view = mount(`<div class="lottie" data-src="${ANIMATION}" data-trigger="view" data-speed="2"></div>`);
      const animation = readLottie(el())!;
      expect(animation.trigger).to.equal('visibility');
      expect(animation.speed).to.equal(2);
      expect([animation.loop, animation.autoplay, animation.controls]).to.deep.equal([true, true, false]);
      expect([animation.start, animation.end, animation.direction]).to.deep.equal([0, 100, 1]);
    });

    it('bad fields: one console.error naming the element and each field, their defaults used', async () => {
      view = mount(
        flatsome({ speed: 'fast', trigger: 'wiggle', loop: 'sometimes', start: 60, end: 40 }, 'ux-lottie-7'),
      );
      let animation: LottieAnimation | null = null;
      const errors = await captureConsoleErrors(() => {
        animation = readLottie(el());
      });
      expect(errors).to.have.length(1);
      for (const part of ['<lottie-player id="ux-lottie-7">', '"speed"', '"trigger"', '"loop"', '"end"'])
        expect(errors[0]).to.contain(part);
      const read = animation as unknown as LottieAnimation;
      expect([read.speed, read.trigger, read.loop, read.start, read.end]).to.deep.equal([
        1,
        'none',
        true,
        0,
        100,
      ]);
    });

    it('data-params that is not JSON, or an unsafe URL: one console.error, the poster', async () => {
      view = mount(
        `<lottie-player class="ux-lottie__player" data-params="{src:"></lottie-player><div data-lottie="javascript:alert(1)"></div>`,
      );
      const player = fakePlayer();
      const errors = await captureConsoleErrors(() => {
        uninstall = installLottie(view.root, { reducedMotion: false, loadPlayer: async () => player.play });
      });
      expect(errors).to.have.length(2);
      expect(errors[0]).to.contain('data-params is not valid JSON');
      expect(errors[1]).to.contain('http(s)');
      for (const node of view.root.querySelectorAll<HTMLElement>('[data-params], [data-lottie]'))
        expect(node.dataset.lottieState).to.equal('poster');
      expect(player.played).to.have.length(0);
    });
  });

  describe('loading', () => {
    it('loads the player only when the markup is there', async () => {
      const player = fakePlayer();
      let loads = 0;
      const loadPlayer = async () => {
        loads += 1;
        return player.play;
      };
      view = mount('<p>No animation here</p>');
      uninstall = installLottie(view.root, { loadPlayer, reducedMotion: false });
      await frames(2);
      expect(loads).to.equal(0);
      view.root.insertAdjacentHTML('beforeend', MARKUP);
      await waitUntil(() => el().dataset.lottieState === 'ready', 'ready');
      expect(loads).to.equal(1);
      expect(player.played).to.have.length(1);
      expect(new URL(player.played[0]!.path).pathname).to.equal('/anim.json');
      expect(player.played[0]!.loop).to.equal(false);
      expect(player.calls).to.deep.equal(['direction 1', 'play']); // autoplay, no trigger
      expect(el().getAttribute('role')).to.equal('img'); // labelled: an image with its label
      uninstall();
      expect(player.destroyed()).to.equal(1);
      expect(el().querySelector('.played')).to.equal(null);
    });

    it('never under reduced motion: the poster, and no player loaded', async () => {
      let loads = 0;
      view = mount(MARKUP);
      uninstall = installLottie(view.root, {
        loadPlayer: async () => {
          loads += 1;
          return fakePlayer().play;
        },
        reducedMotion: true,
      });
      await frames(2);
      expect(loads).to.equal(0);
      expect(el().dataset.lottieState).to.equal('poster');
      expect(el().querySelector('img')!.alt).to.equal('A waving hoodie');
      await expect(view.root).to.be.accessible();
    });

    it('the player fails to load: one console.error, the poster', async () => {
      view = mount(MARKUP);
      const errors = await captureConsoleErrors(async () => {
        uninstall = installLottie(view.root, {
          reducedMotion: false,
          loadPlayer: () => Promise.reject(new Error('Loading chunk 7 failed')),
        });
        await waitUntil(() => el().dataset.lottieState === 'poster', 'poster');
      });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.contain('lottie');
      expect(el().querySelector('img.lottie-poster')).to.exist;
    });
  });

  describe('triggers (a recording player)', () => {
    const start = async (markup: string) => {
      const player = fakePlayer();
      view = mount(markup);
      uninstall = installLottie(view.root, { reducedMotion: false, loadPlayer: async () => player.play });
      await waitUntil(() => el().dataset.lottieState === 'ready', 'ready');
      return player;
    };

    it('hover: plays while the pointer is over it; mouseout stop, pause or reverse', async () => {
      for (const [mouseout, after] of [
        ['stop', 'stop'],
        ['pause', 'pause'],
        ['reverse', 'direction -1,play'],
        ['', ''],
      ] as const) {
        const player = await start(flatsome({ trigger: 'hover', mouseout }));
        expect(player.calls, 'nothing before the hover').to.deep.equal([]);
        const box = view.root.querySelector<HTMLElement>('.ux-lottie')!;
        box.dispatchEvent(new PointerEvent('pointerenter'));
        expect(player.calls).to.deep.equal(['direction 1', 'play']);
        player.calls.length = 0;
        box.dispatchEvent(new PointerEvent('pointerleave'));
        expect(player.calls.join(','), `mouseout "${mouseout}"`).to.equal(after);
        uninstall();
        view.remove();
      }
    });

    it('click: a button (Enter and Space) that plays it from the start; inside a link, the link click', async () => {
      const player = await start(flatsome({ trigger: 'click' }));
      const button = el();
      expect(button.getAttribute('role')).to.equal('button');
      expect(button.tabIndex).to.equal(0);
      expect(button.getAttribute('aria-label')).to.equal('Play animation');
      expect(player.calls).to.deep.equal([]);
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      expect(player.calls).to.deep.equal(['stop', 'direction 1', 'play']);
      button.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
      button.click();
      expect(player.calls.filter((c) => c === 'play')).to.have.length(3);
      await expect(view.root).to.be.accessible();
      uninstall();
      view.remove();

      const linked = await start(
        `<div class="ux-lottie"><a href="#offer"><lottie-player class="ux-lottie__player" data-params='{"src":"${ANIMATION}","trigger":"click"}'></lottie-player>Our offer</a></div>`,
      );
      expect(el().hasAttribute('role')).to.equal(false); // the link is the control
      view.root.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
      view.root.querySelector<HTMLElement>('a')!.click();
      expect(linked.calls).to.deep.equal(['stop', 'direction 1', 'play']);
    });

    it('visibility: plays on screen, pauses off screen (real scrolling)', async () => {
      await resizeViewport({ width: 800, height: 600 });
      const player = await start(
        `<div style="height:1400px"></div>${flatsome({ trigger: 'visibility' })}<div style="height:1400px"></div>`,
      );
      await frames(2);
      expect(player.calls).not.to.include('play'); // below the fold
      view.root.querySelector('.ux-lottie')!.scrollIntoView({ block: 'center', behavior: 'instant' });
      await waitUntil(() => player.calls.includes('play'), 'played on screen');
      window.scrollTo({ top: 0, behavior: 'instant' });
      await waitUntil(() => player.calls.at(-1) === 'pause', 'paused off screen');
    });

    it('scroll seek: the frame follows the way through the viewport (real scrolling)', async () => {
      await resizeViewport({ width: 800, height: 600 });
      const player = await start(
        `<div style="height:1000px"></div>${flatsome({ trigger: 'scroll', visibilityStart: 0, visibilityEnd: 100 })}<div style="height:1400px"></div>`,
      );
      view.root.querySelector<HTMLElement>('.ux-lottie')!.style.height = '200px';
      expect(player.calls.at(-1)).to.equal('seek 0.00'); // below the viewport
      const top = view.root.querySelector('.ux-lottie')!.getBoundingClientRect().top + window.scrollY;
      // Its top at the viewport's middle: (600 - 300) / (600 + 200) of the way.
      window.scrollTo({ top: top - 300, behavior: 'instant' });
      await waitUntil(
        () => player.calls.at(-1) === `seek ${(300 / 800).toFixed(2)}`,
        'seeked with the scroll',
        {
          timeout: 3000,
        },
      );
    });

    it('reduced motion turned on later: playing animations stop on their first frame, triggers stay still', async () => {
      const player = fakePlayer();
      const query = Object.assign(new EventTarget(), { matches: false });
      view = mount(flatsome({ trigger: 'hover' }));
      uninstall = installLottie(view.root, { loadPlayer: async () => player.play, motionQuery: query });
      await waitUntil(() => el().dataset.lottieState === 'ready', 'ready');
      const box = view.root.querySelector<HTMLElement>('.ux-lottie')!;
      box.dispatchEvent(new PointerEvent('pointerenter'));
      expect(player.calls).to.deep.equal(['direction 1', 'play']);
      query.matches = true;
      query.dispatchEvent(new Event('change'));
      expect(player.calls.at(-1)).to.equal('stop');
      player.calls.length = 0;
      box.dispatchEvent(new PointerEvent('pointerenter'));
      expect(player.calls).to.deep.equal([]);
    });

    it('controls: a pause/play button; a paused animation stays paused', async () => {
      const player = await start(flatsome({ controls: true }));
      const button = view.root.querySelector<HTMLButtonElement>('button.lottie-control')!;
      expect(button.textContent).to.equal('Pause animation');
      button.click();
      expect(player.calls.at(-1)).to.equal('pause');
      expect(button.textContent).to.equal('Play animation');
      button.click();
      expect(player.calls.at(-1)).to.equal('play');
      await expect(view.root).to.be.accessible();
    });
  });

  it('scroll progress helpers', () => {
    expect(viewportProgress({ top: 600, height: 200 }, 600)).to.equal(0);
    expect(viewportProgress({ top: -200, height: 200 }, 600)).to.equal(1);
    expect(viewportProgress({ top: 200, height: 200 }, 600)).to.equal(0.5);
    expect(windowProgress(0.5, 25, 75)).to.equal(0.5);
    expect(windowProgress(0.1, 25, 75)).to.equal(0);
    expect(windowProgress(0.9, 25, 75)).to.equal(1);
  });

  describe('the real player (lottie-web light) and a real animation', () => {
    const svg = () => el().querySelector('svg');
    /** The drawn frame: the SVG's markup changes with every frame. */
    const drawn = () => svg()?.innerHTML ?? '';

    it('draws the animation as SVG and plays it; the container carries the name', async function () {
      this.timeout(15000);
      view = mount(
        `<div class="lottie" data-lottie="${ANIMATION}" aria-label="A bouncing shopping bag"></div>`,
      );
      view.root.querySelector<HTMLElement>('.lottie')!.style.cssText = 'width:120px;height:120px';
      uninstall = installLottie(view.root, { reducedMotion: false });
      await waitUntil(() => el().dataset.lottieState === 'ready', 'ready', { timeout: 10000 });
      expect(svg()!.getAttribute('viewBox')).to.equal('0 0 120 120');
      expect(svg()!.querySelectorAll('path').length).to.be.at.least(3);
      expect(svg()!.getAttribute('aria-hidden')).to.equal('true');
      const first = drawn();
      await waitUntil(() => drawn() !== first, 'the frames move', { timeout: 5000 });
      // lottie-web looks for .lottie elements on its own once the document is complete: it must
      // not draw a second animation into ours.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(el().querySelectorAll('svg')).to.have.length(1);
      await expect(view.root).to.be.accessible();
    });

    it('hover trigger: still until hovered, back on its first frame when left (mouseout stop)', async function () {
      this.timeout(15000);
      view = mount(flatsome({ trigger: 'hover', mouseout: 'stop' }));
      view.root.querySelector<HTMLElement>('.ux-lottie')!.style.cssText = 'width:120px;height:120px';
      uninstall = installLottie(view.root, { reducedMotion: false });
      await waitUntil(() => el().dataset.lottieState === 'ready', 'ready', { timeout: 10000 });
      const first = drawn();
      await frames(5);
      expect(drawn() === first, 'still before the hover').to.equal(true);
      const box = view.root.querySelector<HTMLElement>('.ux-lottie')!;
      box.dispatchEvent(new PointerEvent('pointerenter'));
      await waitUntil(() => drawn() !== first, 'plays on hover', { timeout: 5000 });
      box.dispatchEvent(new PointerEvent('pointerleave'));
      await waitUntil(() => drawn() === first, 'back on the first frame');
    });

    it('an animation file that is missing or not Lottie: one console.error, the poster', async function () {
      this.timeout(15000);
      for (const path of ['/examples/lottie/missing.json', '/examples/demo.css']) {
        view = mount(
          `<div class="lottie" data-lottie="${path}" data-poster="/shop-images/hoodie-thumb.svg"></div>`,
        );
        const errors = await captureConsoleErrors(async () => {
          uninstall = installLottie(view.root, { reducedMotion: false });
          await waitUntil(() => el().dataset.lottieState === 'poster', 'poster', { timeout: 10000 });
        });
        expect(errors, path).to.have.length(1);
        expect(errors[0]).to.contain('could not be played');
        expect(el().querySelector('svg'), path).to.equal(null);
        uninstall();
        view.remove();
      }
    });
  });
});
