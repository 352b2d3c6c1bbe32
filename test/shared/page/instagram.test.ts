import { expect, waitUntil } from '@open-wc/testing';
import { installInstagram } from '../../../shared/page/instagram.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { clearFaults, injectFault, resetShop, shopLog } from '../../helpers/shop.ts';
import { mount } from './helpers.ts';

/** spec §7 Site ajax endpoint (Instagram feed), §8 Instagram feed failure, §6 admin-bar users. */
const DATA = `0123456789:${btoa(JSON.stringify({ username: 'demo', photos: '3', _id: 'instagram-7' }))}`;
const feed = (data = DATA) =>
  `<div class="row row-collapse" data-flatsome-instagram="${data}"><div class="col"><img alt="" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"></div></div>`;

describe('instagram feed', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  beforeEach(() => resetShop());
  afterEach(async () => {
    uninstall();
    view?.remove();
    document.body.classList.remove('admin-bar');
    await clearFaults();
  });
  const loaded = async () => {
    await waitUntil(() => view.root.querySelector('.instagram-feed'), 'the feed arrived');
    return view.root.querySelector<HTMLElement>('.instagram-feed')!;
  };

  it('GETs flatsome_load_instagram with the embedded data string and puts the feed in place', async () => {
    view = mount(feed());
    uninstall = installInstagram(view.root);
    expect(view.root.querySelector('[data-flatsome-instagram]')?.getAttribute('aria-busy')).to.equal('true');
    const row = await loaded();
    expect(view.root.querySelector('[data-flatsome-instagram]')).to.equal(null);
    expect(row.id).to.equal('instagram-7');
    expect(row.querySelectorAll('img')).to.have.length(3);
    const [entry] = await shopLog('flatsome_load_instagram');
    expect(entry!.method).to.equal('GET');
    expect(entry!.query.data).to.equal(DATA);
    await expect(view.root).to.be.accessible();
  });

  it('sanitises hostile HTML in the answer', async () => {
    await injectFault({
      endpoint: 'flatsome_load_instagram',
      body: {
        success: true,
        data: '<div class="instagram-feed" style="position:fixed"><img src="x" alt="a" onerror="window.__hacked=1"><script>window.__hacked=2</script><a href="javascript:alert(1)">x</a></div>',
      },
    });
    view = mount(feed());
    uninstall = installInstagram(view.root);
    const row = await loaded();
    expect(row.hasAttribute('style')).to.equal(false);
    expect(row.querySelector('script')).to.equal(null);
    expect(row.querySelector('img')!.hasAttribute('onerror')).to.equal(false);
    expect(row.querySelector('a')!.getAttribute('href') ?? '').not.to.contain('javascript');
    expect((window as unknown as { __hacked?: number }).__hacked).to.equal(undefined);
  });

  it("a failure: 'Instagram error' logged, the box shown to admin-bar users", async () => {
    document.body.classList.add('admin-bar');
    await injectFault({
      endpoint: 'flatsome_load_instagram',
      body: { success: false, data: 'No images found.' },
    });
    view = mount(feed());
    const errors = await captureConsoleErrors(async () => {
      uninstall = installInstagram(view.root);
      await waitUntil(() => view.root.querySelector('.instagram-error'), 'the error box');
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('Instagram error');
    expect(view.root.querySelector('.instagram-error')!.textContent).to.equal(
      'Instagram error: No images found.',
    );
    await expect(view.root).to.be.accessible();
  });

  it('a failure shows nothing to shoppers (no admin bar), but is logged', async () => {
    await injectFault({ endpoint: 'flatsome_load_instagram', status: 500 });
    view = mount(feed());
    const errors = await captureConsoleErrors(async () => {
      uninstall = installInstagram(view.root);
      const row = view.root.querySelector('[data-flatsome-instagram]')!;
      await waitUntil(() => !row.hasAttribute('aria-busy'), 'the request ended');
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('Instagram error');
    expect(view.root.querySelector('.instagram-error')).to.equal(null);
  });

  it("an ill-formed data string: the shop answers 'Invalid Data'", async () => {
    document.body.classList.add('admin-bar');
    view = mount(feed('nohash:'));
    const errors = await captureConsoleErrors(async () => {
      uninstall = installInstagram(view.root);
      await waitUntil(() => view.root.querySelector('.instagram-error'), 'the error box');
    });
    expect(errors).to.have.length(1);
    expect(view.root.querySelector('.instagram-error')!.textContent).to.equal(
      'Instagram error: Invalid Data',
    );
    expect(await shopLog('flatsome_load_instagram')).to.have.length(0);
  });

  for (const [title, data, fault] of [
    ["the shop's answer to a string that is not base64 JSON", `abc:${btoa('not json')}`, undefined],
    ['an answer that is not { success, data }', DATA, '<html>'],
    ['an answer that is not JSON', DATA, 'malformed'],
  ] as const) {
    it(`${title}: 'Invalid Data'`, async () => {
      document.body.classList.add('admin-bar');
      if (fault === 'malformed') await injectFault({ endpoint: 'flatsome_load_instagram', malformed: true });
      else if (fault) await injectFault({ endpoint: 'flatsome_load_instagram', body: fault });
      view = mount(feed(data));
      const errors = await captureConsoleErrors(async () => {
        uninstall = installInstagram(view.root);
        await waitUntil(() => view.root.querySelector('.instagram-error'), 'the error box');
      });
      expect(errors).to.have.length(1);
      expect(view.root.querySelector('.instagram-error')!.textContent).to.equal(
        'Instagram error: Invalid Data',
      );
    });
  }

  it('gives up after the time limit (fake clock)', async () => {
    const clock = fakeClock();
    await injectFault({ endpoint: 'flatsome_load_instagram', hang: true });
    document.body.classList.add('admin-bar');
    view = mount(feed());
    const errors = await captureConsoleErrors(async () => {
      uninstall = installInstagram(view.root, { clock, timeout: 5000 });
      await waitUntil(async () => (await shopLog('flatsome_load_instagram')).length === 1, 'asked');
      clock.tick(4999);
      expect(view.root.querySelector('.instagram-error')).to.equal(null);
      clock.tick(1);
      await waitUntil(() => view.root.querySelector('.instagram-error'), 'the error box');
    });
    expect(errors).to.have.length(1);
  });

  it('loads a feed added later, once, and is idempotent per root', async () => {
    view = mount('');
    uninstall = installInstagram(view.root);
    expect(installInstagram(view.root)).to.equal(uninstall);
    view.root.insertAdjacentHTML('beforeend', feed());
    await loaded();
    expect(await shopLog('flatsome_load_instagram')).to.have.length(1);
  });
});
