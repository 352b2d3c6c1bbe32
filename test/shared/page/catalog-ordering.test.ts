import { expect } from '@open-wc/testing';
import { installCatalogOrdering } from '../../../shared/page/catalog-ordering.ts';
import { installPageBehaviours, whenInstalled } from '../../../shared/page/index.ts';
import { eachShopMode } from '../../helpers/shop.ts';
import { mount } from './helpers.ts';

/** spec §2 Listing: the sort dropdown submits its form on change, as WooCommerce's does. */
const ORDERING = `<form class="woocommerce-ordering" method="get" action="/shop/">
<select name="orderby" class="orderby" aria-label="Shop order">
<option value="menu_order" selected="selected">Default sorting</option>
<option value="popularity">Sort by popularity</option>
<option value="price">Sort by price: low to high</option>
</select>
<input type="hidden" name="paged" value="1">
</form>`;

describe('catalog ordering (the sort dropdown)', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view.remove();
  });
  /** The submits of the form (held, so the test page stays), with the data each would send. */
  const submits = () => {
    const sent: string[] = [];
    view.root.querySelector('form')!.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(new URLSearchParams(new FormData(event.target as HTMLFormElement) as never).toString());
    });
    return sent;
  };
  const choose = (value: string) => {
    const select = view.root.querySelector('select')!;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };

  it('submits the form with the chosen order on change', () => {
    view = mount(ORDERING);
    const sent = submits();
    uninstall = installCatalogOrdering(view.root);
    choose('price');
    expect(sent).to.deep.equal(['orderby=price&paged=1']);
  });

  it('does nothing for other selects, and nothing once uninstalled', () => {
    view = mount(
      `${ORDERING}<form><select class="other"><option>a</option><option>b</option></select></form>`,
    );
    const sent = submits();
    uninstall = installCatalogOrdering(view.root);
    const other = view.root.querySelector<HTMLSelectElement>('select.other')!;
    other.value = 'b';
    other.dispatchEvent(new Event('change', { bubbles: true }));
    uninstall();
    choose('price');
    expect(sent).to.deep.equal([]);
  });

  it('is installed by the registry where the listing prints it, and passes axe', async () => {
    view = mount(ORDERING);
    const sent = submits();
    uninstall = installPageBehaviours(view.root);
    await whenInstalled(view.root);
    choose('popularity');
    expect(sent).to.deep.equal(['orderby=popularity&paged=1']);
    await expect(view.root).to.be.accessible();
  });
});

eachShopMode('catalog ordering on the demo shop listing', () => {
  let view: ReturnType<typeof mount> | undefined;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    view?.remove();
  });
  const listing = async (address: string) => {
    const html = await (await fetch(address, { cache: 'no-store' })).text();
    return new DOMParser().parseFromString(html, 'text/html');
  };
  const prices = (page: Document) =>
    [...page.querySelectorAll('ul.products > li')].map((li) => {
      const amounts = [...li.querySelectorAll('.price .amount')].map((a) =>
        Number(a.textContent!.replace(/[^\d.]/g, '')),
      );
      return li.querySelector('.price ins .amount')
        ? Number(li.querySelector('.price ins .amount')!.textContent!.replace(/[^\d.]/g, ''))
        : amounts[0]!;
    });

  it('prints the sort dropdown and lists in the chosen order; choosing submits with the search kept', async () => {
    const page = await listing('/shop/?orderby=price');
    const select = page.querySelector<HTMLSelectElement>('form.woocommerce-ordering select.orderby')!;
    expect(select.value).to.equal('price');
    const ascending = prices(page);
    expect(ascending.length).to.be.above(3);
    expect(ascending).to.deep.equal([...ascending].sort((a, b) => a - b));
    const searched = await listing('/?s=hoodie&orderby=price-desc');
    view = mount(searched.querySelector('form.woocommerce-ordering')!.outerHTML);
    const form = view.root.querySelector('form')!;
    const sent: string[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(new URLSearchParams(new FormData(form) as never).toString());
    });
    uninstall = installCatalogOrdering(view.root);
    const choice = view.root.querySelector('select')!;
    expect(choice.value).to.equal('price-desc');
    choice.value = 'date';
    choice.dispatchEvent(new Event('change', { bubbles: true }));
    expect(sent).to.deep.equal(['orderby=date&paged=1&s=hoodie']);
    await expect(view.root).to.be.accessible();
  });
});
