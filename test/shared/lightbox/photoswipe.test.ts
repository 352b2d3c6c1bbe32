import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { LIGHTBOX, openPhotoSwipe } from '../../../shared/lightbox/photoswipe.ts';
import { fakeClock } from '../../helpers/clock.ts';

const TEXTS = {
  imageError: 'The image could not be loaded',
  imageErrorNumbered: 'The image #{index} could not be loaded.',
  close: 'Close',
  zoom: 'Zoom',
  previous: 'Previous',
  next: 'Next',
};
const SLIDES = [
  { src: '/shop-images/beanie.svg', width: 800, height: 800, alt: 'Beanie', caption: 'A warm beanie' },
  { src: '/shop-images/cap.svg', width: 800, height: 800, alt: 'Cap', caption: '' },
];

const opened = () =>
  waitUntil(() => document.querySelector('.pswp[data-open]'), 'did not open', { timeout: 4000 });

describe('shared/lightbox/photoswipe', () => {
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
});
