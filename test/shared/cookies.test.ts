import { expect } from '@open-wc/testing';
import { cookies } from '../../shared/cookies.ts';

/**
 * spec §9 "The cookie library defaults to path /": what the library writes into `document.cookie`,
 * seen at the setter (a cookie's path cannot be read back from a page), from a page deep in the site.
 */
describe('cookies: the library defaults to path /', () => {
  const start = location.href;
  let writes: string[] = [];
  beforeEach(() => {
    writes = [];
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => native.get!.call(document),
      set: (value: string) => {
        writes.push(value);
        native.set!.call(document, value);
      },
    });
  });
  afterEach(() => {
    delete (document as unknown as { cookie?: string }).cookie; // the prototype's again
    history.replaceState(null, '', start);
    cookies.remove('shop_path_test');
    cookies.remove('shop_path_other', { path: '/shop/' });
  });
  const attributes = (write: string) =>
    write
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());

  it('writes and removes with path=/ unless told otherwise', () => {
    history.replaceState(null, '', '/shop/hoodies/deep/page.html');
    cookies.set('shop_path_test', 'a');
    expect(attributes(writes[0]!)).to.include('path=/');
    expect(cookies.get('shop_path_test')).to.equal('a');
    cookies.set('shop_path_other', 'b', { path: '/shop/' });
    expect(attributes(writes[1]!)).to.include('path=/shop/');
    cookies.remove('shop_path_test');
    expect(attributes(writes[2]!)).to.include('path=/');
    expect(cookies.get('shop_path_test')).to.equal(undefined);
  });
});
