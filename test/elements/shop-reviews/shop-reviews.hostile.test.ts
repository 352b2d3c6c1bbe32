import { expect, fixture, html } from '@open-wc/testing';
import { readReviewMarkup } from '../../../elements/shop-reviews/shop-reviews.data.ts';
import type { ShopReviewsElement } from '../../../elements/shop-reviews/shop-reviews.ts';
import '../../../elements/shop-reviews/shop-reviews.ts';
import { fixDate, localTime } from '../../helpers/clock.ts';
import { captureConsoleErrors, frames, shadowQuery, untilQuiet } from '../../helpers/elements.ts';

/** The page's time (seconds): noon on 30 November 2026; the good cards are 3 days older. */
const NOW = localTime(2026, 11, 30, 12).getTime() / 1000;

/** A printed review (spec §3 Review card) with the given attributes and optional photo. */
const card = (id: string, attributes = '', photo = '') =>
  `<article data-review="${id}" data-time="${NOW - 3 * 86400}" data-rating="4" ${attributes}>
    <span class="review-author">Author ${id}</span><p class="review-text">Text ${id}</p>${photo}</article>`;
const photo = (size: string) =>
  `<a class="review-media" href="/shop-images/cap.svg" ${size}><img src="/shop-images/cap-thumb.svg" alt=""></a>`;

async function widget(
  cards: string[],
  exec = 'false',
): Promise<{ el: ShopReviewsElement; errors: string[] }> {
  const box = await fixture<HTMLDivElement>(html`<div style="width: 800px"></div>`);
  const el = document.createElement('shop-reviews');
  el.setAttribute('data-exec', exec);
  el.setAttribute('data-options', '{"layout":"grid"}');
  el.innerHTML = cards.join('');
  const errors = await captureConsoleErrors(async () => {
    box.append(el);
    await shadowQuery(el, exec === 'true' ? 'slot' : '.card');
    await untilQuiet([el.shadowRoot]);
  });
  return { el, errors };
}

const authors = (el: Element) => [...el.shadowRoot!.querySelectorAll('.author')].map((a) => a.textContent);
const cardOf = (el: Element, id: string) =>
  [...el.shadowRoot!.querySelectorAll('.card')].find((c) => c.textContent?.includes(`Author ${id}`))!;

describe('shop-reviews: hostile printed reviews', () => {
  let undoDate = () => {};
  beforeEach(() => {
    undoDate = fixDate(new Date(NOW * 1000));
  });
  afterEach(() => undoDate());

  it('shows every review when some carry an out-of-range time, rating or photo size, reporting them once', async () => {
    const { el, errors } = await widget([
      card('good-1'),
      card('far-future', 'data-time="1e20"').replace(/data-time="\d+"\s*/, ''),
      card('too-big', 'data-time="99999999999999"').replace(/data-time="\d+"\s*/, ''),
      card('nan', 'data-rating="NaN"').replace('data-rating="4" ', ''),
      card('negative', '', photo('data-width="-5" data-height="600"')),
      card('good-2'),
    ]);
    expect(el.hasAttribute('data-shop-error'), 'no whole-widget fallback').to.equal(false);
    expect(authors(el)).to.deep.equal([
      'Author good-1',
      'Author far-future',
      'Author too-big',
      'Author nan',
      'Author negative',
      'Author good-2',
    ]);
    expect(errors.length, errors.join('\n')).to.equal(1);
    expect(errors[0]).to.contain('<shop-reviews>');
    for (const id of [
      'far-future: data-time',
      'too-big: data-time',
      'nan: data-rating',
      'negative: data-width',
    ])
      expect(errors[0]).to.contain(id);
    expect(errors[0]).not.to.contain('good-');
    // The bad value is set aside: no time, no stars; the photo keeps its default size.
    expect(cardOf(el, 'far-future').querySelector('.time')).to.equal(null);
    expect(cardOf(el, 'nan').querySelector('[part="stars"]')).to.equal(null);
    expect(cardOf(el, 'good-1').querySelector('.time')).not.to.equal(null);
    expect(cardOf(el, 'negative').querySelector('[part="thumb"]')).not.to.equal(null);
  });

  it('reads a bad photo size as the default size, and keeps the review (readReviewMarkup)', () => {
    const root = document.createElement('div');
    root.innerHTML =
      card('a', '', photo('data-width="-5" data-height="1.5"')) +
      card('b').replace('data-rating="4"', 'data-rating="7"') +
      card('c');
    const problems: Array<{ id: string; attributes: string[] }> = [];
    const reviews = readReviewMarkup(root, problems);
    expect(reviews.map((r) => r.id)).to.deep.equal(['a', 'b', 'c']);
    expect(reviews[0].media[0]).to.include({ width: 1200, height: 900 });
    expect(reviews[1].rating).to.equal(0);
    expect(problems).to.deep.equal([
      { id: 'a', attributes: ['data-width', 'data-height'] },
      { id: 'b', attributes: ['data-rating'] },
    ]);
  });

  it('leaves alone a widget printed as already run (data-exec="true", spec §3), and runs one marked "false"', async () => {
    const { el, errors } = await widget([card('printed')], 'true');
    await frames(2);
    expect(errors).to.deep.equal([]);
    expect(el.getAttribute('data-exec')).to.equal('true');
    expect(el.shadowRoot!.querySelector('.card, .empty, [part="widget"]')).to.equal(null);
    const slot = el.shadowRoot!.querySelector('slot')!;
    expect(slot.assignedElements().map((n) => n.getAttribute('data-review'))).to.deep.equal(['printed']);
    expect(el.reviews).to.deep.equal([]);

    const fresh = await widget([card('printed')], 'false');
    expect(fresh.el.getAttribute('data-exec')).to.equal('true');
    expect(authors(fresh.el)).to.deep.equal(['Author printed']);
  });
});
