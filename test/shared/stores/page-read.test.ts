import { expect } from '@open-wc/testing';
import { pageContext } from '../../../elements/shop-popup/shop-popup.context.ts';
import { readPageConfig } from '../../../shared/stores/page-config.ts';
import { resizeViewport } from '../../helpers/elements.ts';

/**
 * What the page prints and the elements read from it (spec §3 "The list of user roles is supplied
 * by the page", §5 popup device mode and site time, §9 "Request delay comes from a search-latency
 * option in page config"): as a global, or under the same name in `<script id="shop-config">`.
 */
type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;

/** A document whose `<script id="shop-config">` holds `config` (the strict-CSP form). */
function configDocument(config: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = 'shop-config';
  script.textContent = JSON.stringify(config);
  doc.head.append(script);
  return doc;
}

describe('reading the page: search latency, popup roles, site time and device mode', () => {
  afterEach(async () => {
    for (const name of ['flatsomeVars', 'elementorFrontendConfig', 'ElementorProFrontendConfig'])
      delete globals[name];
    document.querySelector('script#shop-config[data-test]')?.remove();
    await resizeViewport({ width: 800, height: 600 });
  });

  it("search_result_latency: the theme's global, else the config script; a bad value is the default 0", () => {
    globals.flatsomeVars = { options: { search_result_latency: '250' } };
    expect(readPageConfig().searchLatency).to.equal(250);
    delete globals.flatsomeVars;
    expect(
      readPageConfig(configDocument({ flatsomeVars: { options: { search_result_latency: 400 } } }))
        .searchLatency,
    ).to.equal(400);
    for (const bad of [-5, 'soon', null])
      expect(
        readPageConfig(configDocument({ flatsomeVars: { options: { search_result_latency: bad } } }))
          .searchLatency,
      ).to.equal(0);
    expect(readPageConfig(configDocument({})).searchLatency).to.equal(0);
  });

  /** Runs `check` with `config` printed as globals, then as the config script of the page. */
  const bothWays = (config: Record<string, unknown>, check: () => void) => {
    Object.assign(globals, config);
    check();
    for (const name of Object.keys(config)) delete globals[name];
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-config';
    script.dataset.test = '';
    script.textContent = JSON.stringify(config);
    const existing = document.querySelector('script#shop-config');
    document.head.prepend(script);
    try {
      check();
    } finally {
      script.remove();
      if (existing) document.head.append(existing);
    }
  };

  it("popup roles: the logged-in user's roles the page prints; a visitor (no user) has none", () => {
    bothWays({ elementorFrontendConfig: { user: { roles: ['customer', 'subscriber'] } } }, () => {
      expect(pageContext().roles).to.deep.equal(['customer', 'subscriber']);
    });
    bothWays({ elementorFrontendConfig: { user: null } }, () => {
      expect(pageContext().roles).to.equal(null);
    });
    bothWays({ elementorFrontendConfig: { user: { roles: 'administrator' } } }, () => {
      expect(pageContext().roles).to.deep.equal([]); // logged in, roles unreadable: none of them
    });
  });

  it("site time: the page's gmt_offset in hours, as minutes; a bad one is UTC", () => {
    bothWays({ ElementorProFrontendConfig: { gmt_offset: 5.5 } }, () => {
      expect(pageContext().siteOffsetMinutes).to.equal(330);
    });
    bothWays({ ElementorProFrontendConfig: { gmt_offset: '-3' } }, () => {
      expect(pageContext().siteOffsetMinutes).to.equal(-180);
    });
    bothWays({ ElementorProFrontendConfig: { gmt_offset: 'later' } }, () => {
      expect(pageContext().siteOffsetMinutes).to.equal(0);
    });
  });

  it('device mode: from the viewport the page is shown in, read when asked', async () => {
    await resizeViewport({ width: 500, height: 700 });
    expect(pageContext().device).to.equal('mobile');
    await resizeViewport({ width: 900, height: 700 });
    expect(pageContext().device).to.equal('tablet');
    await resizeViewport({ width: 1200, height: 700 });
    expect(pageContext().device).to.equal('desktop');
  });
});
