import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { captchaChunk } from '../../../elements/shop-option-form/shop-option-form.extras.view.tsx';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { eachShopMode, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { $, optionForm, sectionOf } from './fixtures.ts';

/** The fake provider's test hooks (examples/server/captcha.mjs). */
interface FakeApi {
  __fake: { tokens: string[]; calls: Array<Record<string, unknown>>; expire(id: number): void };
}
const fake = () => (window as unknown as { grecaptcha?: FakeApi }).grecaptcha?.__fake;

let run = 0;
/** A fresh fake provider per test: a new script URL, no `grecaptcha` left from the last test. */
function captchaConfig(recaptcha: Record<string, unknown> = {}) {
  run += 1;
  return {
    enable_recaptcha: true,
    recaptcha: { site_key: 'demo-key', script: `/recaptcha/api.js?delay=30&run=${run}`, ...recaptcha },
  };
}
const text = { type: 'text', elementId: 'engraving', label: 'Engraving' };

/** Holds a real submit: records whether the option form let it through, and what it would post (with the button). */
function trapSubmit(form: HTMLFormElement) {
  const seen: Array<Array<[string, string]> | false> = [];
  form.addEventListener('submit', (e) => {
    const data = [...new FormData(form, e.submitter)].map(([k, v]) => [k, String(v)] as [string, string]);
    seen.push(e.defaultPrevented ? false : data);
    e.preventDefault();
  });
  return seen;
}

const widgetOf = (el: HTMLElement) => el.querySelector<HTMLElement>('[data-shop-captcha]');
const message = (el: HTMLElement) => $(el, '.captcha-message')?.textContent ?? '';

describe('<shop-option-form> captcha (issue 13)', () => {
  beforeEach(() => {
    delete (window as { grecaptcha?: unknown }).grecaptcha;
  });

  describe('v2 widget', () => {
    it('renders the provider widget in the light DOM, slotted into the captcha area', async () => {
      const { el } = await optionForm({ definition: [sectionOf([text])], config: captchaConfig() });
      await waitUntil(() => widgetOf(el)?.querySelector('.fake-recaptcha'), 'no widget', { timeout: 5000 });
      const container = widgetOf(el)!;
      expect(container.slot).to.equal('captcha');
      expect(container.parentElement === el).to.equal(true);
      expect($(el, '.captcha slot[name="captcha"]')).to.exist;
      expect(fake()!.calls[0]).to.deep.include({ method: 'render' });
      expect((fake()!.calls[0].params as { sitekey: string }).sitekey).to.equal('demo-key');
    });

    it("takes its texts from the element's messages (the defaults live in the captcha chunk)", async () => {
      const { el, button } = await optionForm({
        definition: [sectionOf([text])],
        config: captchaConfig(),
        messages: { captchaRequired: 'Bitte das Captcha lösen' },
      });
      await waitUntil(() => widgetOf(el)?.querySelector('input'), 'no widget', { timeout: 5000 });
      button.click();
      await waitUntil(() => message(el) === 'Bitte das Captcha lösen', `the message is ${message(el)}`);
    });

    it("blocks a submit without the captcha ('Choose Captcha', focus on the widget), then posts the token", async () => {
      const { el, form, button } = await optionForm({
        definition: [sectionOf([text])],
        config: captchaConfig(),
      });
      const seen = trapSubmit(form);
      await waitUntil(() => widgetOf(el)?.querySelector('input'), 'no widget', { timeout: 5000 });
      button.click();
      await waitUntil(() => message(el) === 'Choose Captcha', 'no captcha message');
      expect(seen).to.deep.equal([false]);
      const box = widgetOf(el)!.querySelector<HTMLInputElement>('input')!;
      expect(document.activeElement === box).to.equal(true);
      // The shopper ticks the box with the keyboard.
      await sendKeys({ press: ' ' });
      await waitUntil(() => fake()?.tokens.length === 1);
      await waitUntil(() => message(el) === '', 'the message stayed after the captcha was done');
      button.click();
      await waitUntil(() => seen.length === 2);
      const sent = seen[1] as Array<[string, string]>;
      expect(sent.filter(([k]) => k === 'g-recaptcha-response')).to.deep.equal([
        ['g-recaptcha-response', fake()!.tokens[0]],
      ]);
    });

    it('a submit before the provider has arrived waits for it, then asks for the captcha', async () => {
      const { el, form, button } = await optionForm({
        definition: [sectionOf([text])],
        config: captchaConfig({ script: `/recaptcha/api.js?delay=400&run=slow${run}` }),
      });
      const seen = trapSubmit(form);
      button.click();
      await waitUntil(() => message(el) === 'Choose Captcha', 'no captcha message', { timeout: 5000 });
      expect(seen.every((s) => s === false)).to.equal(true);
    });

    it('an expired token must be done again', async () => {
      const { el, form, button } = await optionForm({
        definition: [sectionOf([text])],
        config: captchaConfig(),
      });
      const seen = trapSubmit(form);
      await waitUntil(() => widgetOf(el)?.querySelector('input'), 'no widget', { timeout: 5000 });
      widgetOf(el)!.querySelector<HTMLInputElement>('input')!.click();
      await waitUntil(() => fake()?.tokens.length === 1);
      fake()!.expire(0);
      button.click();
      await waitUntil(() => message(el) === 'Choose Captcha');
      expect(seen).to.deep.equal([false]);
    });

    it('invisible: a held submit resumes by itself once the token is there, from the same button', async () => {
      const { el, form, button } = await optionForm({
        definition: [sectionOf([text])],
        config: captchaConfig({ invisible: true }),
      });
      const seen = trapSubmit(form);
      await waitUntil(() => widgetOf(el)?.querySelector('.grecaptcha-badge'), 'no badge', { timeout: 5000 });
      button.click();
      await waitUntil(() => seen.length === 2, 'the held submit never resumed', { timeout: 5000 });
      expect(seen[0]).to.equal(false);
      const sent = seen[1] as Array<[string, string]>;
      expect(sent).to.deep.include(['add-to-cart', '101']);
      expect(sent).to.deep.include(['g-recaptcha-response', fake()!.tokens[0]]);
    });

    it('is compact in a container of at most 300 px', async () => {
      // The width a theme gives it from the start (the widget is sized when it renders).
      const { el } = await optionForm(
        { definition: [sectionOf([text])], config: captchaConfig() },
        { attrs: 'style="display: block; width: 280px"' },
      );
      await waitUntil(() => widgetOf(el)?.dataset.size, 'no widget', { timeout: 5000 });
      expect(widgetOf(el)!.dataset.size).to.equal('compact');
    });

    it('is normal in a wide container', async () => {
      const { el } = await optionForm(
        { definition: [sectionOf([text])], config: captchaConfig() },
        { attrs: 'style="display: block; width: 600px"' },
      );
      await waitUntil(() => widgetOf(el)?.dataset.size, 'no widget', { timeout: 5000 });
      expect(widgetOf(el)!.dataset.size).to.equal(window.innerWidth < 400 ? 'compact' : 'normal');
    });

    it('gives an error for a second captcha in the same form and shows one widget', async () => {
      const errors = await captureConsoleErrors(async () => {
        const { el, form } = await optionForm({ definition: [sectionOf([text])], config: captchaConfig() });
        await waitUntil(() => widgetOf(el), 'no widget', { timeout: 5000 });
        const second = document.createElement('shop-option-form');
        second.settings = {
          definition: [sectionOf([{ ...text, elementId: 'other' }])],
          config: captchaConfig(),
        } as never;
        form.prepend(second);
        await waitUntil(() => message(second) !== '', 'no duplicate error', { timeout: 5000 });
        expect(message(second)).to.equal('This form already has a captcha; only one can be used.');
        expect(form.querySelectorAll('[data-shop-captcha]').length).to.equal(1);
        expect($(second, '.captcha slot')).to.equal(null);
      });
      expect(
        errors.some((e) => e.includes('<shop-option-form>') && e.includes('two captcha widgets')),
      ).to.equal(true);
    });

    it('passes axe with the widget shown and the message', async function () {
      this.timeout(30000); // axe over the whole product form on a loaded machine
      const { el, button } = await optionForm({ definition: [sectionOf([text])], config: captchaConfig() });
      await waitUntil(() => widgetOf(el)?.querySelector('input'), 'no widget', { timeout: 5000 });
      button.click();
      await waitUntil(() => message(el) === 'Choose Captcha');
      await expect(el.closest('form')).to.be.accessible();
    });
  });

  describe('lazy chunk', () => {
    afterEach(() => captchaChunk.setLoader());

    it('is not loaded by a form without enable_recaptcha', async () => {
      let loads = 0;
      captchaChunk.setLoader(() => {
        loads += 1;
        return import('../../../elements/shop-option-form/extras/captcha.view.tsx');
      });
      const { el } = await optionForm({ definition: [sectionOf([text])], config: {} });
      await waitUntil(() => $(el, 'input'));
      expect(loads).to.equal(0);
      expect(widgetOf(el)).to.equal(null);
    });

    it('a chunk that fails to load is reported once and blocks the submit with a message', async () => {
      captchaChunk.setLoader(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
      const errors = await captureConsoleErrors(async () => {
        const { el, form, button } = await optionForm({
          definition: [sectionOf([text])],
          config: captchaConfig(),
        });
        const seen = trapSubmit(form);
        await waitUntil(() => message(el) !== '', 'no message');
        expect(message(el)).to.equal('The captcha could not be loaded. Please reload the page.');
        button.click();
        await waitUntil(() => seen.length === 1);
        expect(seen).to.deep.equal([false]);
      });
      expect(errors.filter((e) => e.includes('captcha chunk')).length).to.equal(1);
    });
  });

  // The token travels with the ajax add (spec §7 "The token is added as a hidden field named
  // g-recaptcha-response"), against both shop manners.
  eachShopMode('ajax add with the token', () => {
    useCleanCart();

    it('v3: executes with action submit and posts the token', async () => {
      const { el, button } = await optionForm({
        ajax: true,
        definition: [sectionOf([text])],
        config: captchaConfig({ version: 'v3' }),
      });
      await waitUntil(() => fake()?.tokens.length === 1, 'no v3 token fetched ahead', { timeout: 5000 });
      expect(fake()!.calls[0]).to.deep.equal({ method: 'execute', sitekey: 'demo-key', action: 'submit' });
      expect(widgetOf(el)!.childElementCount).to.equal(0);
      button.click();
      await waitUntil(async () => (await shopLog('wcpa_ajax_add_to_cart')).length === 1, 'no add', {
        timeout: 5000,
      });
      const [entry] = await shopLog('wcpa_ajax_add_to_cart');
      const pairs = JSON.parse(entry.body.__pairs) as Array<[string, string]>;
      expect(pairs.filter(([k]) => k === 'g-recaptcha-response')).to.deep.equal([
        ['g-recaptcha-response', 'fake-v3-submit-demo-key-1'],
      ]);
      // The token is spent: the next add waits for a new one.
      await waitUntil(() => !button.classList.contains('loading'));
      await new Promise((r) => setTimeout(r, 350)); // the 300 ms flag reset of the add (spec §9)
      button.click();
      await waitUntil(async () => (await shopLog('wcpa_ajax_add_to_cart')).length === 2, 'no second add', {
        timeout: 5000,
      });
      const second = JSON.parse((await shopLog('wcpa_ajax_add_to_cart'))[1].body.__pairs) as string[][];
      expect(second.find(([k]) => k === 'g-recaptcha-response')![1]).to.equal('fake-v3-submit-demo-key-2');
    });

    it('invisible v2: the submit waits for the token, tabindex 9999, the provider field posts it', async () => {
      const { el, button } = await optionForm({
        ajax: true,
        definition: [sectionOf([text])],
        config: captchaConfig({ invisible: true }),
      });
      await waitUntil(() => widgetOf(el)?.querySelector('.grecaptcha-badge'), 'no badge', { timeout: 5000 });
      expect(widgetOf(el)!.dataset.size).to.equal('invisible');
      expect(widgetOf(el)!.dataset.tabindex).to.equal('9999');
      button.click();
      await waitUntil(async () => (await shopLog('wcpa_ajax_add_to_cart')).length === 1, 'no add', {
        timeout: 5000,
      });
      expect(fake()!.calls.some((c) => c.method === 'execute' && c.id === 0)).to.equal(true);
      const pairs = JSON.parse((await shopLog('wcpa_ajax_add_to_cart'))[0].body.__pairs) as string[][];
      expect(pairs.filter(([k]) => k === 'g-recaptcha-response')).to.deep.equal([
        ['g-recaptcha-response', fake()!.tokens[0]],
      ]);
      // Single use: the widget is reset after the add.
      await waitUntil(() => fake()?.calls.some((c) => c.method === 'reset'), 'the widget was not reset');
    });
  });
});
