import { readPageData } from '../stores/page-data.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const PASSWORD_SELECTOR = [
  '.password-input input[type="password"]',
  '.woocommerce form .woocommerce-Input[type="password"]',
  'input[type="password"][data-password-toggle]',
].join(', ');

/**
 * Password show/hide (spec §2 Other, §4 Password field), as WooCommerce's woocommerce.js wraps
 * its password inputs: each gets a toggle button (APG button pattern, toggle variant): a real
 * `<button type="button">` with a fixed label ("Show password", from `woocommerce_params`) and
 * `aria-pressed` telling whether the password is shown. Buttons the theme already printed
 * (`.show-password-input`) are reused.
 */

const BUTTON_CLASS = 'show-password-input';

/** The button's label: WooCommerce's `i18n_password_show`, or the behaviour's message. */
function showLabel(fallback: string): string {
  const params = readPageData('woocommerce_params') as { i18n_password_show?: unknown } | undefined;
  return typeof params?.i18n_password_show === 'string' && params.i18n_password_show
    ? params.i18n_password_show
    : fallback;
}

let ids = 0;

/** Adds a show/hide toggle to every password input under the root. */
export const installPasswordToggle = definePageBehaviour({
  name: 'password-toggle',
  selector: PASSWORD_SELECTOR,
  messages: { show: 'Show password' },
  install(root, context) {
    const created: HTMLElement[] = [];
    const label = showLabel(context.messages.show);
    const enhance = (input: HTMLInputElement) => {
      if (input.closest('.password-input')?.querySelector(`button.${BUTTON_CLASS}[aria-controls]`)) return;
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
    };
    // Password inputs that arrive later (a login popup loaded by ajax) get their toggle too.
    context.each(PASSWORD_SELECTOR, enhance);
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
    context.on(root, 'click', toggle);
    return () => {
      for (const el of created.reverse()) {
        if (el.localName === 'button') el.remove();
        else el.replaceWith(...el.childNodes);
      }
    };
  },
});
