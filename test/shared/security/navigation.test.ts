import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { navigation, navigationTarget } from '../../../shared/navigation.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';

/**
 * Issue 22: every navigation the library makes accepts only http(s) URLs of the shop's origin
 * (relative URLs resolve against the page); anything else is refused with one clear error.
 */
describe('navigation (issue 22)', () => {
  const origin = window.location.origin;
  let go: sinon.SinonStub;
  beforeEach(() => {
    go = sinon.stub(navigation, 'go');
  });
  afterEach(() => go.restore());

  describe('navigationTarget', () => {
    it('resolves relative and same-origin URLs to absolute ones', () => {
      expect(navigationTarget('/cart/')).to.equal(`${origin}/cart/`);
      expect(navigationTarget('?remove_item=k&_wpnonce=n')).to.match(
        new RegExp(`^${origin}/.*\\?remove_item=k`),
      );
      expect(navigationTarget(`${origin}/product/beanie/`)).to.equal(`${origin}/product/beanie/`);
      expect(navigationTarget('  /checkout/  ')).to.equal(`${origin}/checkout/`);
    });

    const refused = [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'blob:https://evil.example/uuid',
      'https://evil.example/cart/',
      '//evil.example/cart/',
      'ftp://example.com/',
      'http://[broken',
      '',
      '   ',
    ];
    for (const url of refused) {
      it(`refuses ${JSON.stringify(url)}`, () => {
        expect(navigationTarget(url)).to.equal(null);
      });
    }

    it('refuses what is not a string', () => {
      for (const value of [null, undefined, 42, {}, ['/cart/']])
        expect(navigationTarget(value)).to.equal(null);
    });

    it('refuses another scheme of the same host (http vs https is another origin)', () => {
      const other = `${window.location.protocol === 'https:' ? 'http' : 'https'}://${window.location.host}/cart/`;
      expect(navigationTarget(other)).to.equal(null);
    });
  });

  describe('navigation.assign', () => {
    it('follows a relative URL of the shop as an absolute one', async () => {
      const errors = await captureConsoleErrors(() => navigation.assign('/product/beanie/'));
      expect(go.callCount).to.equal(1);
      expect(go.firstCall.args[0]).to.equal(`${origin}/product/beanie/`);
      expect(errors).to.deep.equal([]);
    });

    for (const url of [
      'javascript:window.__navigationPwned=1',
      'https://evil.example/',
      'data:text/html,x',
    ]) {
      it(`refuses ${url} with one error and does not follow it`, async () => {
        const errors = await captureConsoleErrors(() => navigation.assign(url));
        expect(go.called).to.equal(false);
        expect(errors).to.have.length(1);
        expect(errors[0]).to.match(
          /^storefront elements: refused to navigate to ".+": only http\(s\) URLs of this shop/,
        );
        expect((window as { __navigationPwned?: number }).__navigationPwned).to.equal(undefined);
      });
    }

    it('quotes a long refused URL shortened', async () => {
      const errors = await captureConsoleErrors(() => navigation.assign(`javascript:${'x'.repeat(5000)}`));
      expect(errors).to.have.length(1);
      expect(errors[0].length).to.be.below(400);
    });
  });
});
