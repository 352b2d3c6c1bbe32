import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { enhanceReviewForm, installReviewForm } from '../../../shared/page/review-form.ts';

/** WooCommerce's review form (single-product-reviews.php), with the rating select. */
async function reviewForm(required = true) {
  const box = await fixture<HTMLDivElement>(html`<div id="review_form">
    <form id="commentform" class="comment-form" action="/product/x/" method="post">
      <div class="comment-form-rating">
        <label for="rating">Your rating</label>
        <select name="rating" id="rating" ?required=${required}>
          <option value="">Rate…</option>
          <option value="5">Perfect</option><option value="4">Good</option><option value="3">Average</option>
          <option value="2">Not that bad</option><option value="1">Very poor</option>
        </select>
      </div>
      <p class="comment-form-comment"><label for="comment">Your review</label><textarea id="comment" name="comment"></textarea></p>
      <p class="form-submit"><button type="submit" id="submit">Submit</button></p>
    </form></div>`);
  const form = box.querySelector('form')!;
  const submitted: string[] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted.push(String(new FormData(form).get('rating')));
  });
  return { form, submitted, select: form.querySelector('select')! };
}

const stars = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLElement>('[role="radio"]')];
const checked = (form: HTMLFormElement) => stars(form).map((s) => s.getAttribute('aria-checked') === 'true');

describe('review form', () => {
  it('turns the rating field into five stars in an APG radio group, labelled by the field label', async () => {
    const { form, select } = await reviewForm();
    const uninstall = installReviewForm(form.parentElement!);
    const group = form.querySelector('[role="radiogroup"]')!;
    expect(group.getAttribute('aria-labelledby')).to.equal(form.querySelector('label[for="rating"]')!.id);
    expect(stars(form).map((s) => s.textContent)).to.deep.equal([
      '1 of 5 stars',
      '2 of 5 stars',
      '3 of 5 stars',
      '4 of 5 stars',
      '5 of 5 stars',
    ]);
    expect(stars(form).map((s) => s.tabIndex)).to.deep.equal([0, -1, -1, -1, -1]);
    expect(select.hidden).to.equal(true);
    expect(installReviewForm(form.parentElement!) === uninstall, 'a second install adds nothing').to.equal(
      true,
    );
    expect(form.querySelectorAll('[role="radiogroup"]')).to.have.length(1);
    uninstall();
    expect(form.querySelector('[role="radiogroup"]')).to.equal(null);
    expect([select.hidden, select.required]).to.deep.equal([false, true]);
  });

  it('enhances a review form added later (ajax) once installed', async () => {
    const box = await fixture<HTMLDivElement>(html`<div></div>`);
    const uninstall = installReviewForm(box);
    const { form } = await reviewForm();
    box.append(form);
    await waitUntil(() => form.querySelector('[role="radiogroup"]'), 'not enhanced');
    uninstall();
  });

  it('a click on a star sets the hidden rating 1-5 and checks that star', async () => {
    const { form, select } = await reviewForm();
    enhanceReviewForm(form);
    stars(form)[3].click();
    expect(select.value).to.equal('4');
    expect(checked(form)).to.deep.equal([false, false, false, true, false]);
    expect(stars(form)[3].tabIndex).to.equal(0);
    expect(form.querySelector('p.stars')!.classList.contains('selected')).to.equal(true);
  });

  it('arrows move and choose, wrapping; Home and End; Space chooses', async () => {
    const { form, select } = await reviewForm();
    enhanceReviewForm(form);
    stars(form)[0].focus();
    await sendKeys({ press: 'Enter' });
    expect(select.value).to.equal('1');
    await sendKeys({ press: 'ArrowRight' });
    expect(select.value).to.equal('2');
    expect(document.activeElement === stars(form)[1]).to.equal(true);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(select.value).to.equal('5');
    await sendKeys({ press: 'Home' });
    expect(select.value).to.equal('1');
    await sendKeys({ press: 'End' });
    expect(select.value).to.equal('5');
  });

  it('blocks a submit without a rating when required, with the page text inline; submits once rated', async () => {
    const { form, submitted } = await reviewForm();
    enhanceReviewForm(form, { requiredText: 'Please select a rating' });
    form.requestSubmit();
    expect(submitted).to.deep.equal([]);
    const message = form.querySelector('.rating-error')!;
    expect(message.textContent).to.equal('Please select a rating');
    expect(message.getAttribute('role')).to.equal('alert');
    const group = form.querySelector('[role="radiogroup"]')!;
    expect(group.getAttribute('aria-invalid')).to.equal('true');
    expect(group.getAttribute('aria-describedby')).to.equal(message.id);
    expect(document.activeElement === stars(form)[0]).to.equal(true);
    stars(form)[4].click();
    expect((message as HTMLElement).hidden).to.equal(true);
    form.requestSubmit();
    expect(submitted).to.deep.equal(['5']);
  });

  it('shows the alert too when the page asks for the original behaviour', async () => {
    const { form } = await reviewForm();
    const alert = sinon.stub(window, 'alert');
    try {
      enhanceReviewForm(form, { requiredText: 'Bitte bewerten', alert: true });
      form.requestSubmit();
      expect(alert.calledOnceWith('Bitte bewerten')).to.equal(true);
    } finally {
      alert.restore();
    }
  });

  it('lets a form without a required rating submit unrated', async () => {
    const { form, submitted } = await reviewForm(false);
    enhanceReviewForm(form, {});
    form.requestSubmit();
    expect(submitted).to.deep.equal(['']);
  });

  it('reads the requirement and text from wc_single_product_params', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'shop-config';
    script.textContent = JSON.stringify({
      wc_single_product_params: {
        review_rating_required: 'yes',
        i18n_required_rating_text: 'Wähle eine Bewertung',
      },
    });
    document.head.append(script);
    try {
      const { form, submitted } = await reviewForm(false);
      enhanceReviewForm(form);
      form.requestSubmit();
      expect(submitted).to.deep.equal([]);
      await waitUntil(() => form.querySelector('.rating-error')?.textContent === 'Wähle eine Bewertung');
    } finally {
      script.remove();
    }
  });

  it('passes axe, before and after a missing rating', async () => {
    const { form } = await reviewForm();
    enhanceReviewForm(form);
    await expect(form).to.be.accessible();
    form.requestSubmit();
    await expect(form).to.be.accessible();
  });
});
