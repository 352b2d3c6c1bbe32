// @ts-check
// A FAKE captcha provider for the demo shop and the tests (issue 13): `GET /recaptcha/api.js`
// serves a script that implements the subset of Google reCAPTCHA's `grecaptcha` API the option
// form calls, with the real API's shapes (https://developers.google.com/recaptcha/docs/display,
// /invisible, /v3):
//
// - `grecaptcha.ready(callback)` exists as soon as api.js ran; the rest of the API arrives a little
//   later (`?delay=` ms, default 40), as the real api.js loads its second script: callers must wait
//   or retry (spec §7: rendering tried up to 10 times at 1 s).
// - `grecaptcha.render(container, { sitekey, size, tabindex, callback, 'expired-callback',
//   'error-callback' })` → widget id. `container` is an element or an id. It throws without a
//   sitekey or on a container already rendered in. It adds a checkbox ('I'm not a robot'; ticking it
//   issues a token) or, for `size: 'invisible'`, a badge; plus the provider's hidden
//   `<textarea name="g-recaptcha-response">` that holds the token and posts with the form.
// - `grecaptcha.getResponse(id)`, `grecaptcha.reset(id)`.
// - `grecaptcha.execute(id)` (invisible v2: the token comes to `callback`) and
//   `grecaptcha.execute(sitekey, { action })` → Promise<token> (v3, when loaded with
//   `?render=<sitekey>`).
// - Test hooks under `grecaptcha.__fake`: `expire(id)` (the token expires: `expired-callback`),
//   `tokens` (every token issued), `calls` (render/execute calls with their parameters).
//
// Tokens look like `fake-v2-<sitekey>-<n>` / `fake-v3-<action>-<sitekey>-<n>`. Nothing is sent
// anywhere. The widget's look comes from a constructed stylesheet (the pages run under a strict CSP:
// no inline styles).

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 */

export const CAPTCHA_SCRIPT_PATH = '/recaptcha/api.js';

/** Answers `GET /recaptcha/api.js`; false for anything else. @param {Req} req @param {Res} res */
export function handleCaptcha(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname !== CAPTCHA_SCRIPT_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const render = url.searchParams.get('render') ?? 'onload';
  const delay = Math.min(Math.max(Number(url.searchParams.get('delay') ?? 40) || 0, 0), 10_000);
  const body = `(${fakeGrecaptcha.toString()})(${JSON.stringify(render)}, ${delay});\n`;
  res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * The browser side (serialised into api.js; runs in the page).
 * @param {string} render `explicit`, `onload` or a v3 sitekey
 * @param {number} delay ms until the full API is there
 */
function fakeGrecaptcha(render, delay) {
  /** @type {any} */
  const w = window;
  if (w.grecaptcha?.__fake) return; // loaded twice: keep the first
  /** @type {Array<() => void>} */
  const queue = [];
  /** @type {Array<{ container: HTMLElement, params: any, textarea: HTMLTextAreaElement, box: HTMLInputElement | null }>} */
  const widgets = [];
  const fake = { tokens: /** @type {string[]} */ ([]), calls: /** @type {any[]} */ ([]), expire };
  let issued = 0;
  const v3Key = render !== 'explicit' && render !== 'onload' ? render : '';
  const g = {
    __fake: fake,
    /** @param {() => void} callback */
    ready(callback) {
      if (typeof g.render === 'function') setTimeout(callback, 0);
      else queue.push(callback);
    },
  };
  w.grecaptcha = g;

  /** @param {any} fn @param {...any} args */
  function call(fn, ...args) {
    const target = typeof fn === 'string' ? w[fn] : fn;
    if (typeof target === 'function') target(...args);
  }
  /** @param {string} kind */
  function token(kind) {
    issued += 1;
    const value = `fake-${kind}-${issued}`;
    fake.tokens.push(value);
    return value;
  }
  /** @param {number | undefined} id */
  function widget(id) {
    const found = widgets[id ?? 0];
    if (!found) throw new Error(`Invalid reCAPTCHA client id: ${id}`);
    return found;
  }
  /** @param {number} id */
  function expire(id) {
    const w0 = widget(id);
    w0.textarea.value = '';
    if (w0.box) w0.box.checked = false;
    call(w0.params['expired-callback']);
  }
  function styles() {
    if (!('adoptedStyleSheets' in document)) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`
      .fake-recaptcha { display: inline-flex; align-items: center; gap: .75rem; box-sizing: border-box;
        width: 304px; min-height: 78px; padding: .75rem; border: 1px solid #d3d3d3; border-radius: 3px;
        background: #f9f9f9; color: #222; font: 14px/1.3 system-ui, sans-serif; }
      .fake-recaptcha--compact { width: 164px; min-height: 144px; flex-direction: column; align-items: flex-start; }
      .fake-recaptcha label { display: inline-flex; align-items: center; gap: .6rem; white-space: nowrap; }
      .fake-recaptcha input { width: 24px; height: 24px; margin: 0; }
      .fake-recaptcha small { display: block; color: #555; font-size: 10px; }
      .grecaptcha-badge { display: inline-block; padding: .25rem .5rem; border: 1px solid #d3d3d3;
        border-radius: 3px; background: #f9f9f9; color: #555; font: 11px/1.3 system-ui, sans-serif; }
    `);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }

  function full() {
    styles();
    Object.assign(g, {
      /** @param {HTMLElement | string} where @param {any} params */
      render(where, params = {}) {
        const container = typeof where === 'string' ? document.getElementById(where) : where;
        if (!container) throw new Error('Invalid reCAPTCHA container');
        if (!params.sitekey) throw new Error('Missing required parameters: sitekey');
        if (container.hasAttribute('data-fake-recaptcha'))
          throw new Error('reCAPTCHA has already been rendered in this element');
        const id = widgets.length;
        const size = params.size === 'compact' || params.size === 'invisible' ? params.size : 'normal';
        fake.calls.push({ method: 'render', id, params: { ...params } });
        container.setAttribute('data-fake-recaptcha', String(id));
        container.dataset.size = size;
        if (params.tabindex !== undefined) container.dataset.tabindex = String(params.tabindex);
        /** @type {HTMLInputElement | null} */
        let box = null;
        if (size === 'invisible') {
          const badge = document.createElement('div');
          badge.className = 'grecaptcha-badge';
          badge.dataset.tabindex = String(params.tabindex ?? 0);
          badge.textContent = 'protected by a fake reCAPTCHA';
          container.append(badge);
        } else {
          const wrap = document.createElement('div');
          wrap.className = `fake-recaptcha fake-recaptcha--${size}`;
          const label = document.createElement('label');
          box = document.createElement('input');
          box.type = 'checkbox';
          box.className = 'fake-recaptcha-checkbox';
          if (params.tabindex !== undefined) box.tabIndex = Number(params.tabindex);
          label.append(box, " I'm not a robot");
          const note = document.createElement('small');
          note.textContent = 'fake reCAPTCHA (demo shop)';
          wrap.append(label, note);
          container.append(wrap);
          const checkbox = box;
          checkbox.addEventListener('change', () => {
            if (!checkbox.checked) return;
            const value = token(`v2-${params.sitekey}`);
            textarea.value = value;
            call(params.callback, value);
          });
        }
        const textarea = document.createElement('textarea');
        textarea.id = id === 0 ? 'g-recaptcha-response' : `g-recaptcha-response-${id}`;
        textarea.name = 'g-recaptcha-response';
        textarea.className = 'g-recaptcha-response';
        textarea.hidden = true;
        textarea.setAttribute('aria-hidden', 'true');
        textarea.tabIndex = -1;
        container.append(textarea);
        widgets.push({ container, params, textarea, box });
        return id;
      },
      /** @param {number} [id] */
      getResponse(id) {
        return widget(id).textarea.value;
      },
      /** @param {number} [id] */
      reset(id) {
        const w0 = widget(id);
        w0.textarea.value = '';
        if (w0.box) w0.box.checked = false;
        fake.calls.push({ method: 'reset', id: id ?? 0 });
      },
      /** @param {number | string} [idOrKey] @param {{ action?: string }} [options] */
      execute(idOrKey, options) {
        if (typeof idOrKey === 'string') {
          fake.calls.push({ method: 'execute', sitekey: idOrKey, action: options?.action });
          if (idOrKey !== v3Key)
            return Promise.reject(new Error(`Invalid site key or not loaded in api.js: ${idOrKey}`));
          return new Promise((resolve) =>
            setTimeout(() => resolve(token(`v3-${options?.action ?? ''}-${idOrKey}`)), 20),
          );
        }
        const w0 = widget(idOrKey);
        fake.calls.push({ method: 'execute', id: idOrKey ?? 0 });
        setTimeout(() => {
          const value = token(`v2-${w0.params.sitekey}`);
          w0.textarea.value = value;
          call(w0.params.callback, value);
        }, 20);
        return undefined;
      },
    });
    for (const callback of queue.splice(0)) callback();
  }
  setTimeout(full, delay);
}
