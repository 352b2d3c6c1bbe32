import { expect, waitUntil } from '@open-wc/testing';
import { installLottie, type LottieAnimation, type LottiePlayer } from '../../../shared/page/lottie.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §2 Other, §7 Other: lottie animations, their chunk loaded only when present; none under reduced motion. */
const MARKUP = `<div class="lottie" data-lottie="/anim.json" data-loop="false" data-poster="/shop-images/hoodie-thumb.svg" aria-label="A waving hoodie"></div>`;

describe('lottie', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view?.remove();
  });
  const el = () => view.root.querySelector<HTMLElement>('.lottie')!;
  const fakePlayer = () => {
    const played: LottieAnimation[] = [];
    let destroyed = 0;
    const play: LottiePlayer = (container, animation) => {
      played.push(animation);
      container.append(Object.assign(document.createElement('svg'), { className: 'played' }));
      return { destroy: () => destroyed++ };
    };
    return { played, play, destroyed: () => destroyed };
  };

  it('loads the player only when the markup is there, and plays the animation', async () => {
    const player = fakePlayer();
    let loads = 0;
    const loadPlayer = async () => {
      loads += 1;
      return player.play;
    };
    view = mount('<p>No animation here</p>');
    uninstall = installLottie(view.root, { loadPlayer, reducedMotion: false });
    expect(loads).to.equal(0);
    view.root.insertAdjacentHTML('beforeend', MARKUP);
    await waitUntil(() => el().dataset.lottieState === 'playing', 'playing');
    expect(loads).to.equal(1);
    expect(player.played).to.have.length(1);
    expect(new URL(player.played[0]!.path).pathname).to.equal('/anim.json');
    expect(player.played[0]!.loop).to.equal(false);
    expect(player.played[0]!.autoplay).to.equal(true);
    uninstall();
    expect(player.destroyed()).to.equal(1);
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
    expect(loads).to.equal(0);
    expect(el().dataset.lottieState).to.equal('poster');
    const img = el().querySelector('img')!;
    expect(img.alt).to.equal('A waving hoodie');
    await expect(view.root).to.be.accessible();
  });

  it('without a player, or when it fails to load: the poster (one console.error for the failure)', async () => {
    view = mount(MARKUP);
    uninstall = installLottie(view.root, { reducedMotion: false });
    expect(el().dataset.lottieState).to.equal('poster');
    uninstall();
    view.remove();
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
  });

  it('an unsafe animation URL: one console.error, the poster', async () => {
    view = mount('<div data-lottie="javascript:alert(1)"></div>');
    const errors = await captureConsoleErrors(() => {
      uninstall = installLottie(view.root, {
        reducedMotion: false,
        loadPlayer: async () => fakePlayer().play,
      });
    });
    expect(errors).to.have.length(1);
    expect(view.root.querySelector<HTMLElement>('[data-lottie]')!.dataset.lottieState).to.equal('poster');
  });
});
