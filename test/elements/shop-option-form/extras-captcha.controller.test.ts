import { expect } from '@open-wc/testing';
import {
  type CaptchaConfig,
  readCaptchaConfig,
} from '../../../elements/shop-option-form/extras/captcha.settings.ts';
import { CaptchaController, type Grecaptcha } from '../../../elements/shop-option-form/extras/captcha.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';

type RenderParams = Parameters<NonNullable<Grecaptcha['render']>>[1];

/** A provider double recording what the controller asks of it. */
function provider() {
  const calls: string[] = [];
  const rendered: RenderParams[] = [];
  let response = '';
  const api: Grecaptcha = {
    render(_container, params) {
      calls.push('render');
      rendered.push(params);
      return rendered.length - 1;
    },
    getResponse: () => response,
    reset: () => {
      calls.push('reset');
      response = '';
    },
    execute(idOrKey, options) {
      calls.push(`execute:${String(idOrKey)}:${options?.action ?? ''}`);
      if (typeof idOrKey === 'string') return Promise.resolve(`v3-token-${calls.length}`);
      return undefined;
    },
  };
  return {
    api,
    calls,
    rendered,
    solve(token: string) {
      response = token;
      rendered.at(-1)!.callback(token);
    },
  };
}

function setup(config: Partial<CaptchaConfig>, api: () => Grecaptcha | undefined, width = 800) {
  const form = document.createElement('form');
  const host = document.createElement('div');
  host.style.width = `${width}px`;
  form.append(host);
  document.body.append(form);
  const clock = fakeClock();
  const captcha = new CaptchaController({
    host,
    form,
    config: { ...readCaptchaConfig({}, () => {}), site_key: 'k', ...config },
    clock,
    provider: api,
    loadScript: () => Promise.resolve(),
    viewportWidth: () => 1024,
  });
  return { form, host, clock, captcha };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('captcha controller (issue 13)', () => {
  afterEach(() => {
    for (const form of document.querySelectorAll('body > form')) form.remove();
  });

  it("the provider's ready() brings the next try forward; the 1 s timer is then dropped", async () => {
    const p = provider();
    let complete = false;
    const waiting: Array<() => void> = [];
    const partial: Grecaptcha = { ready: (callback) => waiting.push(callback) };
    const { clock, captcha } = setup({}, () => (complete ? p.api : partial));
    captcha.connect();
    await flush();
    expect(captcha.$state.get().status).to.equal('loading');
    expect(clock.pending, 'the 1 s retry').to.equal(1);
    complete = true;
    for (const callback of waiting.splice(0)) callback();
    expect(captcha.$state.get().status).to.equal('ready');
    expect(p.calls).to.deep.equal(['render']);
    expect(clock.pending, 'no retry left').to.equal(0);
  });

  it('tries to render up to 10 times at 1 s intervals, then fails with a message', async () => {
    const errors = await captureConsoleErrors(async () => {
      const { clock, captcha } = setup({}, () => ({}));
      captcha.connect();
      await flush();
      expect(captcha.$state.get().status).to.equal('loading');
      for (let i = 1; i < 10; i++) {
        expect(clock.pending, `try ${i}`).to.equal(1);
        clock.tick(999);
        expect(captcha.$state.get().status).to.equal('loading');
        clock.tick(1);
      }
      expect(clock.pending).to.equal(0);
      expect(captcha.$state.get()).to.deep.equal({ status: 'failed', message: 'unavailable' });
      expect(captcha.ready()).to.equal(false);
    });
    expect(errors.filter((e) => e.includes('after 10 tries')).length).to.equal(1);
  });

  it('renders on the try where the provider has arrived', async () => {
    const double = provider();
    let tries = 0;
    const { clock, captcha } = setup({}, () => (++tries >= 4 ? double.api : {}));
    captcha.connect();
    await flush();
    clock.tick(3000);
    expect(double.calls).to.deep.equal(['render']);
    expect(captcha.$state.get().status).to.equal('ready');
    expect(clock.pending).to.equal(0);
  });

  it('renders normal, compact in a narrow container or window, invisible with tabindex 9999', async () => {
    const sizes: unknown[] = [];
    for (const [config, width, viewport] of [
      [{}, 800, 1024],
      [{}, 300, 1024],
      [{}, 301, 1024],
      [{}, 800, 399],
      [{ invisible: true }, 200, 300],
    ] as const) {
      const double = provider();
      const { host, form } = setup(config, () => double.api, width);
      const captcha = new CaptchaController({
        host,
        form,
        config: { ...readCaptchaConfig({}, () => {}), site_key: 'k', ...config },
        provider: () => double.api,
        viewportWidth: () => viewport,
      });
      captcha.connect();
      await flush();
      sizes.push([double.rendered[0].size, double.rendered[0].tabindex]);
      form.remove();
    }
    expect(sizes).to.deep.equal([
      ['normal', undefined],
      ['compact', undefined],
      ['normal', undefined],
      ['compact', undefined],
      ['invisible', 9999],
    ]);
  });

  it("v2: 'Choose Captcha' until solved; an expired token counts as none; reset after an ajax send", async () => {
    const double = provider();
    const { captcha } = setup({}, () => double.api);
    captcha.connect();
    await flush();
    expect(captcha.ready()).to.equal(false);
    expect(captcha.$state.get().message).to.equal('required');
    double.solve('t1');
    expect(captcha.$state.get().message).to.equal('');
    expect(captcha.ready()).to.equal(true);
    captcha.sent();
    expect(double.calls).to.include('reset');
    expect(captcha.ready()).to.equal(false);
    double.solve('t2');
    double.rendered[0]['expired-callback']();
    double.api.reset!();
    expect(captcha.ready()).to.equal(false);
  });

  it('invisible v2: the submit is held until execute gives the token', async () => {
    const double = provider();
    const { captcha } = setup({ invisible: true }, () => double.api);
    captcha.connect();
    await flush();
    const answer = captcha.ready();
    expect(answer).to.be.instanceOf(Promise);
    expect(double.calls).to.include('execute:0:');
    double.solve('inv-1');
    expect(await answer).to.equal(true);
    expect(captcha.ready()).to.equal(true);
  });

  it('v3: a token ahead with action submit; unused for 180 s it is dropped and the text shows', async () => {
    const double = provider();
    const { clock, captcha } = setup({ version: 'v3' }, () => double.api);
    captcha.connect();
    await flush();
    expect(double.calls).to.deep.equal(['execute:k:submit']);
    expect(captcha.pairs()).to.deep.equal([['g-recaptcha-response', 'v3-token-1']]);
    clock.tick(179_999);
    expect(captcha.$state.get().message).to.equal('');
    expect(captcha.ready()).to.equal(true);
    clock.tick(1);
    expect(captcha.$state.get().message).to.equal('expired');
    expect(captcha.pairs()).to.deep.equal([]);
    // The next submit waits for a new token; the text goes when it arrives.
    const answer = captcha.ready();
    expect(answer).to.be.instanceOf(Promise);
    expect(await answer).to.equal(true);
    expect(captcha.$state.get().message).to.equal('');
    expect(captcha.pairs()).to.deep.equal([['g-recaptcha-response', 'v3-token-2']]);
  });

  it('v3: a used token is not reused', async () => {
    const double = provider();
    const { captcha } = setup({ version: 'v3' }, () => double.api);
    captcha.connect();
    await flush();
    captcha.sent();
    expect(captcha.pairs()).to.deep.equal([]);
    expect(await captcha.ready()).to.equal(true);
    expect(double.calls.filter((c) => c.startsWith('execute')).length).to.equal(2);
  });

  it('a second captcha in the same form is refused (error, message) and does not hold the submit', async () => {
    const double = provider();
    const { form, captcha } = setup({}, () => double.api);
    captcha.connect();
    const host2 = document.createElement('div');
    form.append(host2);
    const second = new CaptchaController({
      host: host2,
      form,
      config: { ...readCaptchaConfig({}, () => {}), site_key: 'k' },
      provider: () => double.api,
    });
    const errors = await captureConsoleErrors(() => second.connect());
    expect(errors.length).to.equal(1);
    expect(second.$state.get()).to.deep.equal({ status: 'duplicate', message: 'duplicate' });
    expect(second.ready()).to.equal(true);
    expect(host2.childElementCount).to.equal(0);
  });

  it('removes its container when disconnected', async () => {
    const double = provider();
    const { host, captcha } = setup({}, () => double.api);
    const stop = captcha.connect();
    expect(host.querySelectorAll('[data-shop-captcha]').length).to.equal(1);
    stop();
    expect(host.querySelectorAll('[data-shop-captcha]').length).to.equal(0);
  });

  it('reads config.recaptcha field by field, reporting bad fields by name', () => {
    const problems: string[] = [];
    const config = readCaptchaConfig({ site_key: 'abc', version: 'v9', invisible: 'yes' }, (field) =>
      problems.push(field),
    );
    expect(config).to.deep.include({ site_key: 'abc', version: 'v2', invisible: false });
    expect(problems).to.deep.equal(['config.recaptcha.version', 'config.recaptcha.invisible']);
  });

  it('is off without a site key (reported), never holding the submit', async () => {
    const errors = await captureConsoleErrors(() => {
      const { captcha } = setup({ site_key: '' }, () => undefined);
      captcha.connect();
      expect(captcha.ready()).to.equal(true);
    });
    expect(errors.some((e) => e.includes('site_key'))).to.equal(true);
  });
});
