import { expect, waitUntil } from '@open-wc/testing';
import { installedBehaviours, whenInstalled } from '../../../shared/page/index.ts';

/** Issue 17: the autoloader starts the page behaviours once, for the document. */
describe('page behaviours from the autoloader', () => {
  it('the autoloader installs the behaviour of markup on the page, once', async () => {
    const form = document.createElement('div');
    form.className = 'woocommerce';
    form.innerHTML = `<form><label for="pw">Password</label><input class="woocommerce-Input" type="password" id="pw"></form>`;
    document.body.append(form);
    await import('../../../elements/autoloader.ts');
    await waitUntil(
      () => installedBehaviours(document).includes('password-toggle'),
      'installed by the autoloader',
    );
    expect(installedBehaviours(document)).to.deep.equal(['password-toggle']);
    await whenInstalled(document); // each behaviour's module loads when its markup is there
    expect(form.querySelectorAll('button.show-password-input')).to.have.length(1);
    form.remove();
  });
});
