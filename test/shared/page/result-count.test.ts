import { expect } from '@open-wc/testing';
import { installResultCount, RESULT_COUNT_REFRESH_MS } from '../../../shared/page/result-count.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { mount } from './helpers.ts';

/** spec §2 Listing, §9: the result count live region is refreshed after 2000 ms. */
describe('result count live region', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view.remove();
  });

  it('takes its content out and puts it back after 2000 ms (announced again)', async () => {
    view = mount(
      `<p class="woocommerce-result-count" role="alert" aria-relevant="all" data-is-sorted-by="true">Showing all 9 results<span class="screen-reader-text">Sorted by price: low to high</span></p>`,
    );
    const region = view.root.querySelector('p')!;
    const clock = fakeClock();
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((r) => records.push(...r));
    observer.observe(region, { childList: true });
    uninstall = installResultCount(view.root, { clock });
    expect(RESULT_COUNT_REFRESH_MS).to.equal(2000);
    clock.tick(1999);
    await Promise.resolve();
    expect(observer.takeRecords().length + records.length).to.equal(0);
    clock.tick(1);
    const seen = observer.takeRecords();
    expect(seen.some((r) => r.removedNodes.length === 2)).to.equal(true);
    expect(seen.some((r) => r.addedNodes.length === 2)).to.equal(true);
    expect(region.textContent).to.equal('Showing all 9 resultsSorted by price: low to high');
    observer.disconnect();
  });

  it('leaves an unsorted count alone and gives a sorted one without a live role a status role', () => {
    view = mount(
      `<p class="woocommerce-result-count" id="a">Showing all 9 results</p><p class="woocommerce-result-count" id="b" data-is-sorted-by="true">Showing all 9 results</p>`,
    );
    const clock = fakeClock();
    uninstall = installResultCount(view.root, { clock });
    expect(view.root.querySelector('#a')!.hasAttribute('role')).to.equal(false);
    expect(view.root.querySelector('#b')!.getAttribute('role')).to.equal('status');
  });

  it('uninstalling before 2000 ms cancels the refresh', () => {
    view = mount(
      `<p class="woocommerce-result-count" role="alert" data-is-sorted-by="true">Showing all 9 results</p>`,
    );
    const clock = fakeClock();
    uninstall = installResultCount(view.root, { clock });
    uninstall();
    expect(clock.pending).to.equal(0);
  });
});
