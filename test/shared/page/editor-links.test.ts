import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { canEditPages, EDITOR_TEXTS, installEditorLinks } from '../../../shared/page/editor-links.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { mount } from './helpers.ts';

/** spec §6 Roles: users who can edit pages (can_edit_pages) see block edit links and a reduced-motion note. */
const BLOCK = `<p><a href="#before">before</a></p><div class="block-edit-link" data-title="Edit Block: Footer" data-frontend="/wp-admin/post.php?post=12&amp;action=edit&amp;app=uxbuilder&amp;type=editor" data-backend="/wp-admin/post.php?post=12&amp;action=edit"></div>`;

describe('editor links', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let info: sinon.SinonStub;
  beforeEach(() => {
    info = sinon.stub(console, 'info');
  });
  afterEach(() => {
    info.restore();
    uninstall();
    view?.remove();
    delete (window as unknown as { flatsomeVars?: unknown }).flatsomeVars;
  });
  const toggle = () => view.root.querySelector<HTMLButtonElement>('.block-edit-link__toggle');
  const panel = () => view.root.querySelector<HTMLElement>('.block-edit-link__panel')!;

  it('reads can_edit_pages from flatsomeVars.user', () => {
    expect(canEditPages()).to.equal(false);
    (window as unknown as { flatsomeVars: unknown }).flatsomeVars = { user: { can_edit_pages: true } };
    expect(canEditPages()).to.equal(true);
  });

  it('editors: a disclosure button offering the page-builder link and the editor link', async () => {
    (window as unknown as { flatsomeVars: unknown }).flatsomeVars = { user: { can_edit_pages: true } };
    view = mount(BLOCK);
    uninstall = installEditorLinks(view.root, { reducedMotion: false });
    const button = toggle()!;
    expect(button.textContent).to.equal('Edit Block: Footer');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(panel().hidden).to.equal(true);
    button.focus();
    await sendKeys({ press: 'Enter' });
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    const links = [...panel().querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).to.deep.equal([EDITOR_TEXTS.pageBuilder, EDITOR_TEXTS.editor]);
    expect(new URL(links[0]!.href).searchParams.get('app')).to.equal('uxbuilder');
    expect(new URL(links[1]!.href).pathname).to.equal('/wp-admin/post.php');
    await expect(view.root).to.be.accessible();
    // WebKit does not Tab to links by default: focus the link, as a Tab elsewhere would.
    links[0]!.focus();
    expect(panel().hidden).to.equal(false);
    await sendKeys({ press: 'Escape' });
    expect(panel().hidden).to.equal(true);
    expect(document.activeElement).to.equal(button);
    button.click();
    expect(panel().hidden).to.equal(false);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(panel().hidden).to.equal(true);
    expect(info.called).to.equal(false);
  });

  it('shoppers: nothing', async () => {
    view = mount(BLOCK);
    uninstall = installEditorLinks(view.root, { reducedMotion: true });
    expect(toggle()).to.equal(null);
    expect(info.called).to.equal(false);
  });

  it('editors under reduced motion: one console note about it', () => {
    view = mount('<div></div>');
    uninstall = installEditorLinks(view.root, { canEditPages: true, reducedMotion: true });
    const second = mount('<div></div>');
    const stop = installEditorLinks(second.root, { canEditPages: true, reducedMotion: true });
    expect(info.callCount).to.equal(1);
    expect(String(info.firstCall.args[0])).to.contain('Reduced motion');
    stop();
    second.remove();
  });

  it('unsafe or missing URLs: links dropped; none left: one console.error, no button', async () => {
    view = mount(
      `<div class="block-edit-link" id="a" data-frontend="javascript:alert(1)" data-backend="/edit"></div><div class="block-edit-link" id="b" data-frontend="javascript:alert(1)"></div>`,
    );
    const errors = await captureConsoleErrors(() => {
      uninstall = installEditorLinks(view.root, { canEditPages: true, reducedMotion: false });
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('editor links');
    expect(view.root.querySelectorAll('#a a')).to.have.length(1);
    expect(view.root.querySelector('#b button')).to.equal(null);
  });

  it('uninstall removes what it added; idempotent per root', () => {
    view = mount(BLOCK);
    uninstall = installEditorLinks(view.root, { canEditPages: true, reducedMotion: false });
    expect(installEditorLinks(view.root)).to.equal(uninstall);
    uninstall();
    expect(toggle()).to.equal(null);
  });
});
