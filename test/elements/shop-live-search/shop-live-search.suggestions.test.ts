import { expect } from '@open-wc/testing';
import {
  decodeEntities,
  highlight,
  imageUrl,
  isNoResults,
  moveActive,
  productCount,
  suggestionType,
  targetUrl,
  toOptions,
} from '../../../elements/shop-live-search/shop-live-search.suggestions.ts';
import { type Suggestion, searchResponse } from '../../../shared/shop/schemas.ts';

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

  describe('a real Flatsome shop (issue 11 item 7)', () => {
    const row = (id: number, value: string, extra: Record<string, unknown> = {}) => ({
      id,
      value,
      url: `/p/${id}/`,
      ...extra,
    });

    it('reads suggestions sent as an object (PHP keys kept by de-duplication) as its values, in key order', () => {
      const parsed = searchResponse.parse(
        JSON.parse(
          JSON.stringify({
            suggestions: { '0': row(1, 'Cap'), '3': row(2, 'Vintage Cap'), '12': row(3, 'Caps Guide') },
          }),
        ),
      );
      expect(parsed.suggestions.map((x) => x.id)).to.deep.equal([1, 2, 3]);
      // Keys printed out of order are still read in key order (PHP's array order is by key here).
      const shuffled = searchResponse.parse(
        JSON.parse('{"suggestions":{"10":{"id":3,"value":"c","url":""},"2":{"id":1,"value":"a","url":""}}}'),
      );
      expect(shuffled.suggestions.map((x) => x.id)).to.deep.equal([1, 3]);
      // A list is still a list; anything else is still an error.
      expect(searchResponse.parse({ suggestions: [row(1, 'a')] }).suggestions).to.have.length(1);
      expect(searchResponse.safeParse({ suggestions: 'nope' }).success).to.equal(false);
      expect(searchResponse.safeParse({ suggestions: { 0: { id: 1 } } }).success).to.equal(false);
    });

    it('keeps type, and reads img false as no image', () => {
      const [product, page] = searchResponse.parse({
        suggestions: {
          0: row(1, 'Cap', { type: 'Product', img: '/cap.svg' }),
          4: row(2, 'Guide', { type: 'Page', img: false }),
        },
      }).suggestions;
      expect(product.type).to.equal('Product');
      expect(page.type).to.equal('Page');
      expect(page.img).to.equal(undefined);
      const [a, b] = toOptions([product, page], base);
      expect([a.type, a.image]).to.deep.equal(['product', 'https://shop.test/cap.svg']);
      expect([b.type, b.image]).to.deep.equal(['page', null]);
      expect(suggestionType({ id: 1, value: '', url: '', type: ' Blog Post ' })).to.equal('blog-post');
      expect(suggestionType({ id: 1, value: '', url: '', type: '"><x' })).to.equal('x');
      expect(suggestionType({ id: 1, value: '', url: '' })).to.equal('');
    });

    it("decodes WordPress's entities to text: numeric, hex, named, and windows-1252 numbers", () => {
      expect(decodeEntities('Don&#8217;t')).to.equal('Don\u2019t');
      expect(decodeEntities('Caps &amp; Beanies: a &quot;Winter&quot; Guide')).to.equal(
        'Caps & Beanies: a "Winter" Guide',
      );
      expect(decodeEntities('Tom&#039;s &#x2013; &#X2014; &#038;')).to.equal('Tom\u0027s \u2013 \u2014 &');
      expect(decodeEntities('&lsquo;x&rsquo; &hellip; &nbsp;&euro;5')).to.equal(
        '\u2018x\u2019 \u2026 \u00a0\u20ac5',
      );
      expect(decodeEntities('it&#146;s')).to.equal('it\u2019s'); // as browsers read &#146;
      expect(decodeEntities('&#0; &#xD800; &#1114112;')).to.equal('\ufffd \ufffd \ufffd');
      // Rarer names through the browser's own table (an inert document holding only that reference).
      expect(decodeEntities('Caf&eacute; cr&egrave;me')).to.equal('Caf\u00e9 cr\u00e8me');
      // Not references, or unknown: left as written.
      expect(decodeEntities('AT&T & co; &nosuchthing; &notit; &constructor; &amp')).to.equal(
        'AT&T & co; &nosuchthing; &notit; &constructor; &amp',
      );
    });

    it('decodes escaped markup to literal TEXT and highlights the query in the decoded name', () => {
      const hostile = '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Don&#8217;t &amp; more';
      const [option] = toOptions([{ id: 5, value: hostile, url: '/p/5/' }], base);
      expect(option.name).to.equal('<img src=x onerror="alert(1)"> Don\u2019t & more');
      expect(option.suggestion.value).to.equal(hostile); // the shop's answer itself is kept as sent
      expect(highlight(option.name, '& m')).to.deep.equal([
        { text: '<img src=x onerror="alert(1)"> Don\u2019t ', match: false },
        { text: '& m', match: true },
        { text: 'ore', match: false },
      ]);
      // Decoding is once only: an escaped reference stays a reference, as text.
      expect(decodeEntities('&amp;lt;b&amp;gt;')).to.equal('&lt;b&gt;');
    });
  });
});
