import { expect } from '@open-wc/testing';
import { SearchCache } from '../../../elements/shop-live-search/shop-live-search.cache.ts';

describe('<shop-live-search> cache', () => {
  it('caches per URL and prevents bad queries per category', () => {
    const cache = new SearchCache<number>();
    cache.set('/a?query=xyz', 'xyz', '', [], true);
    expect(cache.get('/a?query=xyz')).to.deep.equal([]);
    expect(cache.isBadQuery('xyzw', '')).to.equal(true);
    expect(cache.isBadQuery('xyzw', 'bags')).to.equal(false);
    expect(cache.isBadQuery('xy', '')).to.equal(false);
    expect(cache.isBadQuery('Xyzw', '')).to.equal(false);
    const off = new SearchCache<number>({ preventBadQueries: false });
    off.set('/a', 'xyz', '', [], true);
    expect(off.isBadQuery('xyzw', '')).to.equal(false);
    const none = new SearchCache<number>({ cache: false });
    none.set('/a', 'xyz', '', [], true);
    expect(none.get('/a')).to.equal(undefined);
    const small = new SearchCache<number>({ maxEntries: 2 });
    small.set('/1', '1', '', [1], false);
    small.set('/2', '2', '', [2], false);
    small.get('/1');
    small.set('/3', '3', '', [3], false);
    expect([small.get('/1'), small.get('/2'), small.get('/3')]).to.deep.equal([[1], undefined, [3]]);
  });

  it('an answer with products is not a bad query, and clear forgets everything', () => {
    const cache = new SearchCache<number>();
    cache.set('/a?query=hoo', 'hoo', '', [1, 2], false);
    expect(cache.isBadQuery('hood', '')).to.equal(false);
    cache.set('/a?query=xyz', 'xyz', 'bags', [], true);
    expect(cache.size).to.equal(2);
    expect(cache.isBadQuery('xyzw', 'bags')).to.equal(true);
    cache.clear();
    expect(cache.size).to.equal(0);
    expect(cache.get('/a?query=hoo')).to.equal(undefined);
    expect(cache.isBadQuery('xyzw', 'bags')).to.equal(false);
  });

  it('an empty query is never a bad query (every query would start with it)', () => {
    const cache = new SearchCache<number>();
    cache.set('/a?query=', '', '', [], true);
    expect(cache.isBadQuery('hoo', '')).to.equal(false);
  });

  it('reports the options it was made with', () => {
    const cache = new SearchCache<number>({ cache: false, preventBadQueries: false });
    expect([cache.cache, cache.preventBadQueries]).to.deep.equal([false, false]);
    const defaults = new SearchCache<number>();
    expect([defaults.cache, defaults.preventBadQueries]).to.deep.equal([true, true]);
  });
});
