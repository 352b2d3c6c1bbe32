import { expect, waitUntil } from '@open-wc/testing';

/**
 * Issue 22, demo pages: at 320-390 px the live search's code sample and the tracking and
 * attribution tables must not make the page scroll sideways; they wrap or scroll inside their box.
 * Each page is opened in a same-origin iframe of that width (the pages use width=device-width,
 * so the iframe is their viewport) once the part under test has its content.
 */

interface Case {
  page: string;
  /** What must be on the page before it is measured. */
  ready: (doc: Document) => boolean;
  /** The box that used to overflow. */
  box: string;
}

const CASES: Case[] = [
  {
    page: '/examples/shop-live-search.html',
    ready: (doc) => doc.querySelector('pre code') !== null,
    box: 'pre',
  },
  {
    page: '/examples/tracking.html',
    ready: (doc) =>
      (doc.querySelector('#cookie-table tbody')?.children.length ?? 0) > 0 &&
      (doc.querySelector('#input-table tbody')?.children.length ?? 0) > 0,
    box: '#cookie-table',
  },
  {
    page: '/examples/shop-order-attribution.html',
    ready: (doc) => (doc.querySelector('#input-table tbody')?.children.length ?? 0) > 0,
    box: '#input-table',
  },
];

/** Opens `page` in an iframe `width` px wide and waits until `ready`. */
async function open(
  page: string,
  width: number,
  ready: (doc: Document) => boolean,
): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.title = page;
  frame.width = String(width);
  frame.height = '640';
  // A long landing URL, as a campaign link makes it: the tables show it in full.
  frame.src = `${page}?utm_source=newsletter-with-a-rather-long-name&utm_medium=email&utm_campaign=spring-sale-2026-campaign-name&utm_content=hero-banner-variant-b`;
  document.body.append(frame);
  await waitUntil(
    () => frame.contentDocument?.readyState === 'complete' && ready(frame.contentDocument),
    `${page} never got its content`,
    { timeout: 15000 },
  );
  await new Promise((r) => frame.contentWindow!.requestAnimationFrame(() => r(null)));
  return frame;
}

describe('demo pages at 320-390 px (issue 22)', function () {
  this.timeout(60000);
  const frames: HTMLIFrameElement[] = [];
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  for (const { page, ready, box } of CASES) {
    for (const width of [320, 390]) {
      it(`${page} does not scroll sideways at ${width} px`, async () => {
        const frame = await open(page, width, ready);
        frames.push(frame);
        const doc = frame.contentDocument!;
        const root = doc.documentElement;
        const boxRect = doc.querySelector(box)!.getBoundingClientRect();
        expect(boxRect.right, `${box} ends past the viewport`).to.be.at.most(root.clientWidth + 0.5);
        expect(root.scrollWidth, 'the page scrolls sideways').to.be.at.most(root.clientWidth);
      });
    }
  }
});
