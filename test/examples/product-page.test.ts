import { expect, waitUntil } from '@open-wc/testing';
import { resetShop } from '../helpers/shop.ts';

/**
 * The demo shop's product page as a shopper gets it: WooCommerce's review form and the
 * review list with reply links, printed by the server, enhanced by the page behaviours the
 * autoloader installs (stars as a radio group, a required rating, reply links moving the form).
 */
describe('demo product page: review and comment forms', () => {
  let frame: HTMLIFrameElement;
  let doc: Document;

  beforeEach(async function () {
    this.timeout(20000);
    await resetShop();
    frame = document.createElement('iframe');
    frame.width = '1024';
    frame.height = '768';
    frame.src = '/product/beanie/';
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    doc = frame.contentDocument!;
    await waitUntil(
      () => doc.querySelector('#commentform [role="radiogroup"]'),
      'the review form was never enhanced',
      {
        timeout: 15000,
      },
    );
  });
  afterEach(() => frame.remove());

  it('turns the rating select into five stars and blocks a submit without a rating', async () => {
    const stars = doc.querySelectorAll('#commentform [role="radiogroup"] [role="radio"]');
    expect(stars.length).to.equal(5);
    const form = doc.querySelector<HTMLFormElement>('#commentform')!;
    let submitted = false;
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) submitted = true;
      event.preventDefault(); // keep the test page
    });
    (doc.querySelector('#comment') as HTMLTextAreaElement).value = 'Nice';
    (doc.querySelector('#author') as HTMLInputElement).value = 'Ben';
    (doc.querySelector('#submit') as HTMLInputElement).click();
    await waitUntil(() => doc.querySelector('#commentform .rating-error')?.textContent, 'no rating message');
    expect(doc.querySelector('#commentform .rating-error')!.textContent).to.contain('Please select a rating');
    expect(submitted, 'the form was sent without a rating').to.equal(false);
  });

  it('moves the form under a review when its reply link is used, and back on cancel', async () => {
    // The reply behaviour is a chunk of its own, installed beside the review form's (which the
    // set-up waits for), later under load (WebKit in CI run 14). Until it is, a click would follow
    // the link: the frame is kept from navigating, and the link clicked until the behaviour acts.
    const stay = (event: Event) => event.preventDefault();
    frame.contentWindow!.addEventListener('click', stay);
    const reply = doc.querySelector<HTMLAnchorElement>('#comment-901 .comment-reply-link')!;
    await waitUntil(
      () => {
        reply.click();
        return doc.querySelector('#comment-901')?.parentElement?.querySelector('#respond');
      },
      'form not moved',
      { timeout: 10000, interval: 100 },
    );
    frame.contentWindow!.removeEventListener('click', stay);
    expect((doc.querySelector('#comment_parent') as HTMLInputElement).value).to.equal('901');
    doc.querySelector<HTMLAnchorElement>('#cancel-comment-reply-link')!.click();
    await waitUntil(() => doc.querySelector('#review_form > #respond'), 'form not put back');
    expect((doc.querySelector('#comment_parent') as HTMLInputElement).value).to.equal('0');
  });
});
