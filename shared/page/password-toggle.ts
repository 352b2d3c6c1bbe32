import { readPageData } from '../stores/page-data.ts';
import {
  type BehaviourOptions,
  enhanceNowAndLater,
  installOnce,
  type PageRoot,
  within,
} from './behaviour.ts';
import { PASSWORD_SELECTOR } from './selectors.ts';

export { PASSWORD_SELECTOR } from './selectors.ts';

/**
 * Password show/hide (spec §2 Other, §4 Password field), as WooCommerce's woocommerce.js wraps
 * its password inputs: each gets a toggle button (APG button pattern, toggle variant): a real
 * `<button type="button">` with a fixed label ("Show password", from `woocommerce_params`) and
 * `aria-pressed` telling whether the password is shown. Buttons the theme already printed
 * (`.show-password-input`) are reused.
 */

const BUTTON_CLASS = 'show-password-input';

/** The button's label: WooCommerce's `i18n_password_show`, or English. */
function showLabel(): string {
  const params = readPageData('woocommerce_params') as { i18n_password_show?: unknown } | undefined;
  return typeof params?.i18n_password_show === 'string' && params.i18n_password_show
    ? params.i18n_password_show
    : 'Show password';
}

let ids = 0;
const installed = new WeakMap<PageRoot, () => void>();

/** Adds a show/hide toggle to every password input under the root. */
export function installPasswordToggle(
  root: PageRoot = document,
  _options: BehaviourOptions = {},
): () => void {
  return installOnce(installed, root, () => {
    const created: HTMLElement[] = [];
    const label = showLabel();
    const enhance = (node: PageRoot) => {
      for (const input of within<HTMLInputElement>(node, PASSWORD_SELECTOR)) {
        if (input.closest('.password-input')?.querySelector(`button.${BUTTON_CLASS}[aria-controls]`))
          continue;
        let wrapper = input.closest<HTMLElement>('.password-input');
        if (!wrapper) {
          wrapper = document.createElement('span');
          wrapper.className = 'password-input';
          input.before(wrapper);
          wrapper.append(input);
          created.push(wrapper);
        }
        let button = wrapper.querySelector<HTMLButtonElement>(`button.${BUTTON_CLASS}`);
        if (!button) {
          // An older theme's <span class="show-password-input"> is replaced by a real button.
          wrapper.querySelector(`.${BUTTON_CLASS}`)?.remove();
          button = document.createElement('button');
          button.className = BUTTON_CLASS;
          wrapper.append(button);
          created.push(button);
        }
        if (!input.id) input.id = `shop-password-${++ids}`;
        button.type = 'button';
        button.setAttribute('aria-controls', input.id);
        button.setAttribute('aria-pressed', String(input.type === 'text'));
        button.setAttribute('aria-label', label);
        button.classList.toggle('display-password', input.type === 'text');
      }
    };
    // Password inputs that arrive later (a login popup loaded by ajax) get their toggle too.
    const stopWatching = enhanceNowAndLater(root, enhance);
    const toggle = (event: Event) => {
      const button =
        event.target instanceof Element
          ? event.target.closest<HTMLButtonElement>(`button.${BUTTON_CLASS}`)
          : null;
      const input = button?.ownerDocument.getElementById(button.getAttribute('aria-controls') ?? '');
      if (!button || !(input instanceof HTMLInputElement) || !root.contains(button)) return;
      event.preventDefault();
      const shown = button.getAttribute('aria-pressed') !== 'true';
      input.type = shown ? 'text' : 'password';
      button.setAttribute('aria-pressed', String(shown));
      button.classList.toggle('display-password', shown);
    };
    root.addEventListener('click', toggle);
    return () => {
      root.removeEventListener('click', toggle);
      stopWatching();
      for (const el of created.reverse()) {
        if (el.localName === 'button') el.remove();
        else el.replaceWith(...el.childNodes);
      }
    };
  });
}
