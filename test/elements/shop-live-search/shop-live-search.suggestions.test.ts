import { expect } from '@open-wc/testing';
import {
  highlight,
  imageUrl,
  isNoResults,
  moveActive,
  productCount,
  targetUrl,
  toOptions,
} from '../../../elements/shop-live-search/shop-live-search.suggestions.ts';
import type { Suggestion } from '../../../shared/shop/schemas.ts';

const base = 'https://shop.test/';
const s = (id: number, url: string, img?: string): Suggestion => ({ id, url, value: 'x', img });

describe('<shop-live-search> suggestions', () => {
  it('treats a lone id -1 entry as no results and unsafe URLs as non-navigating', () => {
    expect(isNoResults([s(-1, '')])).to.equal(true);
    expect(isNoResults([])).to.equal(true);
    expect(isNoResults([s(-1, ''), s(3, '/p/')])).to.equal(false);
    expect(targetUrl(s(3, '/p/'), base)).to.equal('https://shop.test/p/');
    expect(targetUrl(s(-1, '/p/'), base)).to.equal(null);
    expect(targetUrl(s(3, 'javascript:alert(1)'), base)).to.equal(null);
    expect(targetUrl(s(3, ' JavaScript:alert(1)'), base)).to.equal(null);
    expect(targetUrl(s(3, 'data:text/html,x'), base)).to.equal(null);
    expect(targetUrl(s(3, ''), base)).to.equal(null);
  });

  it('moves over enabled options with wrap-round and marks the query in names', () => {
    const en = [true, false, true];
    expect(moveActive(en, -1, 'next')).to.equal(0);
    expect(moveActive(en, 0, 'next')).to.equal(2);
    expect(moveActive(en, 2, 'next')).to.equal(0);
    expect(moveActive(en, 0, 'previous')).to.equal(2);
    expect(moveActive(en, -1, 'last')).to.equal(2);
    expect(moveActive([false], -1, 'next')).to.equal(-1);
    expect(highlight('Hoodie with Logo', 'hoo')).to.deep.equal([
      { text: 'Hoo', match: true },
      { text: 'die with Logo', match: false },
    ]);
    expect(highlight('<b>', '')).to.deep.equal([{ text: '<b>', match: false }]);
  });

  it('keeps only http(s) images, resolved against the page', () => {
    expect(imageUrl(s(3, '/p/', '/img/a.svg'), base)).to.equal('https://shop.test/img/a.svg');
    expect(imageUrl(s(3, '/p/', 'http://cdn.test/a.png'), base)).to.equal('http://cdn.test/a.png');
    expect(imageUrl(s(3, '/p/', 'javascript:alert(1)'), base)).to.equal(null);
    expect(imageUrl(s(3, '/p/', 'data:image/svg+xml,<svg onload=alert(1)>'), base)).to.equal(null);
    expect(imageUrl(s(3, '/p/', ''), base)).to.equal(null);
    expect(imageUrl(s(3, '/p/'), base)).to.equal(null);
  });

  it('builds options with checked URLs and counts only products', () => {
    const answer = [s(3, '/p/', 'javascript:x'), s(-1, '/?s=x'), s(4, '/q/', '/q.png')];
    expect(toOptions(answer, base).map((o) => [o.url, o.image])).to.deep.equal([
      ['https://shop.test/p/', null],
      [null, null],
      ['https://shop.test/q/', 'https://shop.test/q.png'],
    ]);
    expect(productCount(answer)).to.equal(2);
  });

  it('marks every occurrence, case-insensitively, of the trimmed query', () => {
    expect(highlight('Logo Hoodie with logo', ' logo ')).to.deep.equal([
      { text: 'Logo', match: true },
      { text: ' Hoodie with ', match: false },
      { text: 'logo', match: true },
    ]);
    expect(highlight('Beanie', 'cap')).to.deep.equal([{ text: 'Beanie', match: false }]);
  });
});
