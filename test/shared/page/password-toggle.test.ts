import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { installPasswordToggle } from '../../../shared/page/password-toggle.ts';
import { mount } from './helpers.ts';

/** spec §4 Password field: toggles between hidden and visible; APG toggle button. */
const FORM = `<form class="woocommerce-form woocommerce-form-login">
<label for="pw">Password</label>
<input class="woocommerce-Input woocommerce-Input--text input-text" type="password" name="password" id="pw" autocomplete="current-password">
</form>`;

describe('password show/hide toggle', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  beforeEach(() => {
    view = mount(`<div class="woocommerce">${FORM}</div>`);
  });
  afterEach(() => {
    uninstall();
    view.remove();
  });
  const input = () => view.root.querySelector<HTMLInputElement>('#pw')!;
  const button = () => view.root.querySelector<HTMLButtonElement>('button.show-password-input')!;

  it('wraps the input and adds a labelled toggle button, not pressed', () => {
    uninstall = installPasswordToggle(view.root);
    expect(input().parentElement!.classList.contains('password-input')).to.equal(true);
    expect(button().type).to.equal('button');
    expect(button().getAttribute('aria-pressed')).to.equal('false');
    expect(button().getAttribute('aria-label')).to.equal('Show password');
    expect(button().getAttribute('aria-controls')).to.equal('pw');
  });

  it('shows and hides the password, keeping its label and focus', async () => {
    uninstall = installPasswordToggle(view.root);
    button().focus();
    await sendKeys({ type: ' ' });
    expect(input().type).to.equal('text');
    expect(button().getAttribute('aria-pressed')).to.equal('true');
    expect(button().getAttribute('aria-label')).to.equal('Show password');
    expect(document.activeElement === button()).to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(input().type).to.equal('password');
    expect(button().getAttribute('aria-pressed')).to.equal('false');
  });

  it('does not submit the form', () => {
    uninstall = installPasswordToggle(view.root);
    let submitted = false;
    view.root.querySelector('form')!.addEventListener('submit', (e) => {
      submitted = true;
      e.preventDefault();
    });
    button().click();
    expect(submitted).to.equal(false);
  });

  it('reuses a button the theme printed, and marks inputs added later', async () => {
    view.root.innerHTML = `<span class="password-input"><label for="p2">New password</label><input type="password" id="p2"><button type="button" class="show-password-input" aria-label="Afficher le mot de passe"></button></span>`;
    uninstall = installPasswordToggle(view.root);
    expect(view.root.querySelectorAll('button')).to.have.length(1);
    expect(button().getAttribute('aria-pressed')).to.equal('false');
    const later = document.createElement('div');
    later.innerHTML = `<label for="p3">Confirm</label><input type="password" id="p3" data-password-toggle>`;
    view.root.append(later);
    await new Promise((resolve) => setTimeout(resolve));
    expect(later.querySelector('button.show-password-input')?.getAttribute('aria-controls')).to.equal('p3');
  });

  it('is idempotent and uninstalls cleanly', () => {
    uninstall = installPasswordToggle(view.root);
    installPasswordToggle(view.root);
    expect(view.root.querySelectorAll('button.show-password-input')).to.have.length(1);
    uninstall();
    expect(view.root.querySelectorAll('button, .password-input')).to.have.length(0);
    expect(input().type).to.equal('password');
  });

  it('is accessible', async () => {
    uninstall = installPasswordToggle(view.root);
    await expect(view.root).to.be.accessible();
    button().click();
    await expect(view.root).to.be.accessible();
  });
});
