import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installPageBehaviours, whenInstalled } from '../../../shared/page/index.ts';
import { installSpamTracker } from '../../../shared/page/spam-tracker.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { mount } from './helpers.ts';

/** spec §7: "The spam tracker adds hidden fields to post forms on submit, with prefix ak_". */
const AK = [
  'bib',
  'bfs',
  'bkpc',
  'bkp',
  'bmc',
  'bmcc',
  'bmk',
  'bck',
  'bmmc',
  'btmc',
  'bsc',
  'bte',
  'btec',
  'bmm',
].map((n) => `ak_${n}`);
const REVIEW = `<div id="respond"><form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form">
<p class="comment-form-comment"><label for="comment">Your review</label><textarea id="comment" name="comment"></textarea></p>
<p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit"></p></form></div>`;
const CHECKOUT = `<form name="checkout" method="post" class="checkout woocommerce-checkout" action="/checkout/">
<label for="billing_email">Email</label><input type="email" id="billing_email" name="billing_email">
<button type="submit" id="place_order">Place order</button></form>`;

describe('spam tracker on the review, comment and checkout forms', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    uninstall = () => {};
    view.remove();
    delete (window as unknown as { spam_tracker?: unknown }).spam_tracker;
  });
  /** What each submit of the form would post (held: the test page stays), as WooCommerce's checkout.js reads it. */
  const posts = (form: HTMLFormElement) => {
    const sent: Record<string, string>[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])));
    });
    return sent;
  };

  it('a review submit posts the ak_ fields: keys typed, when input began, when it was sent', async () => {
    view = mount(REVIEW);
    const form = view.root.querySelector('form')!;
    const sent = posts(form);
    const clock = fakeClock(1_700_000_000_000);
    uninstall = installSpamTracker(view.root, { clock, random: () => 0 });
    view.root.querySelector('textarea')!.focus();
    // Key by key: WebKit's WebDriver `type` sends only the last key's keyup.
    for (const key of 'Nice') await sendKeys({ press: key });
    clock.tick(5000);
    form.requestSubmit();
    expect(sent).to.have.length(1);
    const fields = sent[0]!;
    expect(Object.keys(fields).filter((k) => k.startsWith('ak_'))).to.deep.equal(AK);
    expect(fields.comment).to.equal('Nice');
    expect(fields.ak_bkpc).to.equal('4');
    expect(fields.ak_bfs).to.equal(String(1_700_000_005_000));
    expect(fields.ak_bib).to.equal(String(1_700_000_000_000));
    // A second submit sends the fields once, updated.
    clock.tick(1000);
    form.requestSubmit();
    expect([...new FormData(form).keys()].filter((k) => k === 'ak_bfs')).to.have.length(1);
    expect(sent[1]!.ak_bfs).to.equal(String(1_700_000_006_000));
    uninstall();
    expect(form.querySelector('input[name^="ak_"]')).to.equal(null);
  });

  it("the checkout: the fields are in before WooCommerce's checkout script serialises the form", async () => {
    view = mount(CHECKOUT);
    const form = view.root.querySelector('form')!;
    const sent = posts(form); // added first, as checkout.js's handler is: still sees the fields
    uninstall = installSpamTracker(view.root, { clock: fakeClock() });
    form.requestSubmit();
    expect(Object.keys(sent[0]!).filter((k) => k.startsWith('ak_'))).to.deep.equal(AK);
  });

  it('is installed by the registry on comment forms, leaves forms posting elsewhere alone, and a page can turn it off', async () => {
    view = mount(
      `${REVIEW}<form class="comment-form" method="post" action="https://pay.example.com/"><input name="x"></form>`,
    );
    const [review, elsewhere] = [...view.root.querySelectorAll('form')];
    const sentReview = posts(review!);
    const sentElsewhere = posts(elsewhere!);
    uninstall = installPageBehaviours(view.root, { clock: fakeClock() });
    await whenInstalled(view.root);
    review!.requestSubmit();
    elsewhere!.requestSubmit();
    expect(Object.keys(sentReview[0]!)).to.include.members(AK);
    expect(Object.keys(sentElsewhere[0]!)).to.deep.equal(['x']);
    uninstall();

    (window as unknown as { spam_tracker?: unknown }).spam_tracker = false;
    uninstall = installSpamTracker(view.root, { clock: fakeClock() });
    review!.requestSubmit();
    expect(Object.keys(sentReview[1]!)).to.deep.equal(['comment']);
  });
});
