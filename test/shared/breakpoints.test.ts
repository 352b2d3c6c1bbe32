import { expect, waitUntil } from '@open-wc/testing';
import {
  breakpointOf,
  currentBreakpoint,
  DESKTOP_MIN_WIDTH,
  MEDIA,
  MEDIUM_MIN_WIDTH,
  watchBreakpoint,
} from '../../shared/breakpoints.ts';
import { resizeViewport } from '../helpers/elements.ts';

/** spec §9 Theme: desktop at least 850 px, medium 550-849, small under 550. */
describe('breakpoints', () => {
  after(() => resizeViewport({ width: 800, height: 600 }));

  it('are the spec numbers', () => {
    expect([MEDIUM_MIN_WIDTH, DESKTOP_MIN_WIDTH]).to.deep.equal([550, 850]);
    expect([549, 549.5, 550, 849, 849.9, 850, 1400].map(breakpointOf)).to.deep.equal([
      'small',
      'small',
      'medium',
      'medium',
      'medium',
      'desktop',
      'desktop',
    ]);
  });

  it('the media queries are valid and each width falls into exactly one range', () => {
    for (const query of Object.values(MEDIA)) expect(matchMedia(query).media).to.not.equal('not all');
  });

  it('follow the real viewport when the window is resized', async () => {
    const seen: string[] = [];
    await resizeViewport({ width: 900, height: 600 });
    await waitUntil(() => currentBreakpoint() === 'desktop', 'desktop at 900 px');
    const stop = watchBreakpoint((b) => seen.push(b));
    try {
      await resizeViewport({ width: 700, height: 600 });
      await waitUntil(() => seen.includes('medium'), 'medium at 700 px');
      await resizeViewport({ width: 500, height: 600 });
      await waitUntil(() => seen.includes('small'), 'small at 500 px');
      expect(currentBreakpoint()).to.equal('small');
      expect(matchMedia(MEDIA.small).matches).to.equal(true);
      expect(matchMedia(MEDIA.mediumDown).matches).to.equal(true);
      expect(matchMedia(MEDIA.mediumUp).matches).to.equal(false);
      expect(seen).to.deep.equal(['desktop', 'medium', 'small']);
    } finally {
      stop();
    }
  });
});
