import { expect, waitUntil } from '@open-wc/testing';

/**
 * examples/storefront-helpers.html as a theme serves it (strict CSP, the autoloader's script tag):
 * the behaviours start from its markup, and the coming-soon dismissal goes through the REST client
 * with the page's stale nonce refreshed once.
 */

interface LogEntry {
  method: string;
  path: string;
  nonce: string;
}

async function openPage(path: string): Promise<{ frame: HTMLIFrameElement; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.src = path;
  Object.assign(frame.style, { width: '800px', height: '600px' });
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return { frame, doc: frame.contentDocument! };
}

describe('the storefront helpers example page', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it('the autoloader starts its behaviours, and the banner dismissal refreshes the stale nonce', async () => {
    const { nonce } = await (await fetch('/__rest/reset', { method: 'POST' })).json();
    const page = await openPage('/examples/storefront-helpers.html');
    frame = page.frame;
    const { doc } = page;
    await waitUntil(() => doc.querySelector('button.show-password-input'), 'password toggle added', {
      timeout: 8000,
    });
    const notice = doc.querySelector<HTMLElement>('.woocommerce-store-notice')!;
    expect(notice.hidden).to.equal(false);
    // Each behaviour's module loads on its own (issue 19): the dismiss control is a button once
    // the coming-soon behaviour has installed.
    await waitUntil(
      () => doc.querySelector('.coming-soon-footer-banner-dismiss[role="button"]'),
      'coming-soon behaviour installed',
      { timeout: 8000 },
    );
    doc.querySelector<HTMLElement>('.coming-soon-footer-banner-dismiss')!.click();
    const banner = doc.querySelector<HTMLElement>('#coming-soon-footer-banner')!;
    await waitUntil(() => banner.hidden, 'banner hidden', { timeout: 8000 });
    const log: LogEntry[] = await (await fetch('/__rest/log')).json();
    expect(log.map((e) => [e.method, e.path, e.nonce])).to.deep.equal([
      ['POST', 'wp/v2/users/me', 'stale0nonce'],
      ['POST', 'wp/v2/users/me', nonce],
    ]);
  });
});
