import { expect } from '@open-wc/testing';
import { installWishlist } from '../../../shared/page/wishlist.ts';
import { pageJQuery } from '../../helpers/woocommerce-scripts.ts';
import { mount } from './helpers.ts';

/** The theme's wishlist button beside the wishlist plugin's markup (spec §2 Cart and checkout). */
const WISHLIST_BOX = (exists = false) => `<div class="wishlist-icon">
<button class="wishlist-button button is-outline circle icon" aria-label="Wishlist" type="button">♥</button>
<div class="wishlist-popup"><div class="yith-wcwl-add-to-wishlist add-to-wishlist-101${exists ? ' exists' : ''}">${
  exists
    ? '<div class="yith-wcwl-wishlistexistsbrowse"><a href="/wishlist/">Browse wishlist</a></div>'
    : '<div class="yith-wcwl-add-button"><a href="?add_to_wishlist=101" data-product-id="101" class="add_to_wishlist">Add to wishlist</a></div>'
}</div></div></div>`;

describe('wishlist buttons', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let removeJQuery = () => {};
  afterEach(() => {
    uninstall();
    removeJQuery();
    removeJQuery = () => {};
    view.remove();
  });
  /** Clicks on links under the root, held (the test page stays), by their href attribute. */
  const followed = () => {
    const hrefs: string[] = [];
    view.root.addEventListener('click', (event) => {
      const link = (event.target as Element).closest('a');
      if (!link) return;
      event.preventDefault();
      hrefs.push(link.getAttribute('href')!);
    });
    return hrefs;
  };
  const button = () => view.root.querySelector<HTMLButtonElement>('.wishlist-button')!;

  it("presses the plugin's add link and shows loading until the plugin answers", () => {
    view = mount(WISHLIST_BOX());
    const hrefs = followed();
    uninstall = installWishlist(view.root);
    expect(button().getAttribute('aria-pressed')).to.equal('false');
    button().click();
    expect(hrefs).to.deep.equal(['?add_to_wishlist=101']);
    expect(button().classList.contains('loading')).to.equal(true);
    // The plugin's ajax is done: the product is in the wishlist.
    view.root.querySelector('.yith-wcwl-add-to-wishlist')!.classList.add('exists');
    document.body.dispatchEvent(new Event('added_to_wishlist'));
    expect(button().classList.contains('loading')).to.equal(false);
    expect(button().classList.contains('wishlist-added')).to.equal(true);
    expect(button().getAttribute('aria-pressed')).to.equal('true');
  });

  it('hears the plugin through jQuery too', () => {
    removeJQuery = pageJQuery();
    view = mount(WISHLIST_BOX());
    followed();
    uninstall = installWishlist(view.root);
    button().click();
    view.root.querySelector('.yith-wcwl-add-to-wishlist')!.classList.add('exists');
    (window as unknown as { jQuery: (el: Element) => { trigger(n: string): void } })
      .jQuery(document.body)
      .trigger('added_to_wishlist');
    expect(button().getAttribute('aria-pressed')).to.equal('true');
  });

  it('a product in the wishlist: the button is pressed and leads to the wishlist', async () => {
    view = mount(WISHLIST_BOX(true));
    const hrefs = followed();
    uninstall = installWishlist(view.root);
    expect(button().getAttribute('aria-pressed')).to.equal('true');
    button().click();
    expect(hrefs).to.deep.equal(['/wishlist/']);
    await expect(view.root).to.be.accessible();
  });

  it('buttons that arrive later work, and the uninstall takes back what it wrote', async () => {
    view = mount('<div class="later"></div>');
    const hrefs = followed();
    uninstall = installWishlist(view.root);
    view.root.querySelector('.later')!.innerHTML = WISHLIST_BOX();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve));
    expect(button().getAttribute('aria-pressed')).to.equal('false');
    button().click();
    expect(hrefs).to.deep.equal(['?add_to_wishlist=101']);
    uninstall();
    expect(button().hasAttribute('aria-pressed')).to.equal(false);
    expect(button().classList.contains('loading')).to.equal(false);
  });
});
