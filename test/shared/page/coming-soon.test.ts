import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installComingSoonBanner } from '../../../shared/page/coming-soon.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { mount, visible } from './helpers.ts';

/**
 * spec §7 Coming-soon banner dismiss: POST to the element's REST URL with woocommerce_meta and the
 * nonce header; the banner is hidden on completion whatever the result. Against the demo shop's
 * REST routes (examples/server/rest.mjs).
 */

interface LogEntry {
  method: string;
  path: string;
  nonce: string;
  contentType: string;
  body: string;
}
const restApi = async <T>(route: string): Promise<T> =>
  (
    await fetch(`/__rest/${route}`, { method: route === 'log' ? 'GET' : 'POST', credentials: 'same-origin' })
  ).json();

const banner = (url: string, nonce: string) =>
  `<div id="coming-soon-footer-banner" class="coming-soon-footer-banner"><div class="coming-soon-footer-banner__content">This page is visible to admins and store managers only.</div>
<a class="coming-soon-footer-banner-dismiss" data-rest-url="${url}" data-rest-nonce="${nonce}"></a></div>`;

describe('coming-soon banner dismiss', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let nonce: string;
  beforeEach(async () => {
    ({ nonce } = await restApi<{ nonce: string }>('reset'));
  });
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const bannerEl = () => view.root.querySelector<HTMLElement>('#coming-soon-footer-banner')!;
  const control = () => view.root.querySelector<HTMLElement>('.coming-soon-footer-banner-dismiss')!;

  it('POSTs woocommerce_meta with the nonce header, then hides the banner', async () => {
    view = mount(banner('/wp-json/wp/v2/users/me', nonce));
    uninstall = installComingSoonBanner(view.root);
    expect(visible(bannerEl())).to.equal(true);
    control().click();
    await waitUntil(() => !visible(bannerEl()), 'banner hidden');
    const log = await restApi<LogEntry[]>('log');
    expect(log).to.have.length(1);
    expect([log[0].method, log[0].path, log[0].nonce]).to.deep.equal(['POST', 'wp/v2/users/me', nonce]);
    expect(JSON.parse(log[0].body)).to.deep.equal({
      woocommerce_meta: { coming_soon_banner_dismissed: 'yes' },
    });
  });

  it('hides the banner when the request fails too (a refused nonce)', async () => {
    view = mount(banner('/wp-json/wp/v2/users/me', 'not-the-nonce'));
    uninstall = installComingSoonBanner(view.root);
    control().click();
    await waitUntil(() => !visible(bannerEl()), 'banner hidden');
    expect((await restApi<LogEntry[]>('log'))[0].nonce).to.equal('not-the-nonce');
  });

  it('hides the banner when the server is unreachable', async () => {
    view = mount(banner('/wp-json/demo/v1/offline', nonce));
    uninstall = installComingSoonBanner(view.root);
    await captureConsoleErrors(async () => {
      control().click();
      await waitUntil(() => !visible(bannerEl()), 'banner hidden');
    });
  });

  it('never sends the nonce to another origin', async () => {
    view = mount(banner('https://attacker.example/wp-json/', nonce));
    uninstall = installComingSoonBanner(view.root);
    const fetched: string[] = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      fetched.push(String(input));
      return original(input, init);
    };
    try {
      control().click();
      await waitUntil(() => !visible(bannerEl()), 'banner hidden');
    } finally {
      window.fetch = original;
    }
    expect(fetched).to.deep.equal([]);
  });

  it('the control works from the keyboard as a labelled button', async () => {
    view = mount(banner('/wp-json/wp/v2/users/me', nonce));
    uninstall = installComingSoonBanner(view.root);
    expect(control().getAttribute('role')).to.equal('button');
    expect(control().getAttribute('aria-label')).to.be.a('string').and.not.equal('');
    await expect(view.root).to.be.accessible();
    control().focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !visible(bannerEl()), 'banner hidden');
  });
});
