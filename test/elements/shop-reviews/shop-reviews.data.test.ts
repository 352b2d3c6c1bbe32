import { expect } from '@open-wc/testing';
import {
  pageUrl,
  parsePage,
  parseReviews,
  readReviewMarkup,
  trimText,
} from '../../../elements/shop-reviews/shop-reviews.data.ts';
import { requestJson } from '../../../elements/shop-reviews/shop-reviews.request.ts';

const answer = (status: number, body: string) => async () => new Response(body, { status });

describe('shop-reviews data', () => {
  it('reads server-printed review markup', () => {
    const root = document.createElement('div');
    root.innerHTML = `<article data-review="r1" data-time="1700000000" data-rating="4" lang="de">
      <a href="https://example.com/u/anna"><span class="review-author">Anna</span></a>
      <p class="review-text">Sehr gut.</p>
      <a class="review-media" href="/img/big.jpg" data-width="800" data-height="600"><img src="/img/small.jpg" alt=""></a>
      <a class="review-media" href="javascript:alert(1)"><img src="x.jpg" alt=""></a>
    </article>`;
    const [review] = readReviewMarkup(root);
    expect(review.id).to.equal('r1');
    expect(review.author).to.equal('Anna');
    expect(review.authorUrl).to.equal('https://example.com/u/anna');
    expect(review.rating).to.equal(4);
    expect(review.time).to.equal(1700000000);
    expect(review.lang).to.equal('de');
    expect(review.media).to.have.length(1);
    expect(review.media[0]).to.include({ width: 800, height: 600 });
    expect(review.media[0].thumb).to.match(/\/img\/small\.jpg$/);
  });

  it('keeps valid JSON reviews, drops bad ones, and never keeps a script URL', () => {
    const { reviews, rejected } = parseReviews([
      { id: 1, author: 'A', rating: 5, text: 'ok', time: 1, author_url: 'javascript:alert(1)' },
      { author: 'no id' },
      'nonsense',
    ]);
    expect(reviews).to.have.length(1);
    expect(rejected).to.equal(2);
    expect(reviews[0].authorUrl).to.equal(null);
    expect(
      parseReviews([
        { id: 2, lang: 'pt-br' },
        { id: 3, lang: '"><b>' },
      ]).reviews.map((r) => r.lang),
    ).to.deep.equal(['pt-BR', null]);
    expect(parsePage({ reviews: [{ id: 'x' }], more: true })?.more).to.equal(true);
    expect(parsePage('<html>')).to.equal(null);
  });

  it('trims text at a word with an ellipsis, or leaves it', () => {
    expect(trimText('short', 10)).to.equal(null);
    expect(trimText('one two three four five', 14)).to.equal('one two three…');
    expect(trimText('abcdefghij', 4)).to.equal('abcd…');
    expect(trimText('anything', 0)).to.equal(null);
  });

  it('JSON helper: parsed JSON on 200 only; nothing for other statuses, bad JSON or non-http URLs', async () => {
    expect(await requestJson('GET', '/r', { fetch: answer(200, '{"a":1}') })).to.deep.equal({ a: 1 });
    expect(await requestJson('GET', '/r', { fetch: answer(201, '{"a":1}') })).to.equal(undefined);
    expect(await requestJson('GET', '/r', { fetch: answer(404, '{"a":1}') })).to.equal(undefined);
    expect(await requestJson('GET', '/r', { fetch: answer(200, 'not json') })).to.equal(undefined);
    let called = false;
    const spy = async () => {
      called = true;
      return new Response('{}');
    };
    expect(await requestJson('GET', 'javascript:alert(1)', { fetch: spy })).to.equal(undefined);
    expect(await requestJson('GET', 'data:application/json,{}', { fetch: spy })).to.equal(undefined);
    expect(called).to.equal(false);
    expect(pageUrl('/reviews?x=1', 10, 5)).to.match(/\/reviews\?x=1&offset=10&limit=5$/);
    expect(pageUrl('ftp://x/', 0, 5)).to.equal(null);
  });
});
