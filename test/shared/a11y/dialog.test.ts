import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { labelDialog, openDialog } from '../../../shared/a11y/dialog.ts';
import { closeOnBackdrop, isBackdropClick, onEscape } from '../../../shared/a11y/dialog-close.ts';

/** A click at (x, y) dispatched on `dialog` itself (as a click on its backdrop or its padding reaches it). */
const clickAt = (dialog: HTMLDialogElement, x: number, y: number) =>
  dialog.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));

/** The centre of `dialog`'s box. */
const centre = (dialog: HTMLDialogElement) => {
  const box = dialog.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2] as const;
};

describe('the dialog kit (shared/a11y/dialog.ts, dialog-close.ts)', () => {
  afterEach(() => {
    for (const dialog of document.querySelectorAll('dialog.kit-test')) dialog.remove();
  });

  describe('openDialog', () => {
    it('opens a labelled modal with a close button that takes focus; closing removes it and returns focus', async () => {
      const opener = await fixture<HTMLButtonElement>(html`<button>Open</button>`);
      opener.focus();
      let closed = 0;
      const body = document.createElement('p');
      body.textContent = 'Inside';
      const dialog = openDialog({
        className: 'kit-test',
        label: 'Quick look',
        closeButton: { label: 'Close', className: 'kit-test__close' },
        content: [body],
        opener,
        onClose: () => closed++,
      });
      expect(dialog.isConnected && dialog.open && dialog.matches(':modal')).to.equal(true);
      expect(dialog.getAttribute('aria-label')).to.equal('Quick look');
      const close = dialog.querySelector<HTMLButtonElement>('.kit-test__close')!;
      expect(close.getAttribute('aria-label')).to.equal('Close');
      expect([...dialog.children]).to.deep.equal([close, body]);
      expect(document.activeElement).to.equal(close);
      await expect(dialog).to.be.accessible();
      close.click();
      await waitUntil(() => !dialog.isConnected, 'the dialog stayed on the page');
      expect(document.activeElement).to.equal(opener);
      expect(closed).to.equal(1);
    });

    it('Escape closes a modal (the browser’s) and a non-modal one (ours)', async () => {
      for (const modal of [true, false]) {
        const field = document.createElement('input');
        const dialog = openDialog({ className: 'kit-test', label: 'Form', content: [field], modal });
        expect(dialog.matches(':modal')).to.equal(modal);
        expect(document.activeElement).to.equal(field);
        await sendKeys({ press: 'Escape' });
        await waitUntil(
          () => !dialog.isConnected,
          `Escape did not close the ${modal ? '' : 'non-'}modal dialog`,
        );
      }
    });

    it('a backdrop click closes it unless told not to; focus goes where asked; labelled by an element', async () => {
      const heading = document.createElement('h2');
      heading.textContent = 'Terms';
      const target = document.createElement('button');
      target.textContent = 'Agree';
      const dialog = openDialog({
        className: 'kit-test',
        label: heading,
        content: [heading, target],
        focus: target,
      });
      expect(heading.id).not.to.equal('');
      expect(dialog.getAttribute('aria-labelledby')).to.equal(heading.id);
      expect(dialog.hasAttribute('aria-label')).to.equal(false);
      expect(document.activeElement).to.equal(target);
      clickAt(dialog, 1, 1);
      await waitUntil(() => !dialog.isConnected, 'a backdrop click did not close it');

      const kept = openDialog({ className: 'kit-test', label: 'Kept', closeOnBackdrop: false });
      clickAt(kept, 1, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(kept.open).to.equal(true);
      kept.close();
    });
  });

  describe('helpers', () => {
    it('isBackdropClick: on the dialog itself and outside its box only', () => {
      const dialog = openDialog({
        className: 'kit-test',
        label: 'Box',
        content: [document.createTextNode('x')],
        closeOnBackdrop: false,
      });
      const [x, y] = centre(dialog);
      const on = (target: EventTarget, cx: number, cy: number) => {
        let result = false;
        const listener = (event: MouseEvent) => {
          result = isBackdropClick(dialog, event);
        };
        dialog.addEventListener('click', listener, { once: true });
        target.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: cx, clientY: cy }));
        return result;
      };
      expect(on(dialog, 1, 1)).to.equal(true);
      expect(on(dialog, x, y)).to.equal(false);
      const inner = dialog.appendChild(document.createElement('span'));
      expect(on(inner, 1, 1)).to.equal(false);
      dialog.close();
    });

    it('closeOnBackdrop calls its callback (default: close), onEscape its handler, and both undo', async () => {
      const dialog = document.createElement('dialog');
      dialog.className = 'kit-test';
      dialog.append(document.createElement('button'));
      document.body.append(dialog);
      dialog.showModal();
      let backdrop = 0;
      let escapes = 0;
      const undoBackdrop = closeOnBackdrop(dialog, () => backdrop++);
      const undoEscape = onEscape(dialog, () => escapes++);
      clickAt(dialog, 1, 1);
      await sendKeys({ press: 'Escape' });
      expect(backdrop).to.equal(1);
      expect(escapes).to.be.greaterThan(0);
      expect(dialog.open, 'Escape is the handler’s, not the browser’s').to.equal(true);
      undoBackdrop();
      undoEscape();
      const seen = escapes;
      clickAt(dialog, 1, 1);
      expect(backdrop).to.equal(1);
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialog.open, 'the browser’s Escape is back');
      expect(escapes).to.equal(seen);

      dialog.showModal();
      const undo = closeOnBackdrop(dialog);
      clickAt(dialog, 1, 1);
      expect(dialog.open).to.equal(false);
      undo();
      dialog.remove();
    });

    it('labelDialog switches between a text and an element', () => {
      const dialog = document.createElement('dialog');
      const title = document.createElement('h2');
      labelDialog(dialog, 'Text');
      expect(dialog.getAttribute('aria-label')).to.equal('Text');
      labelDialog(dialog, title);
      expect(dialog.hasAttribute('aria-label')).to.equal(false);
      expect(dialog.getAttribute('aria-labelledby')).to.equal(title.id);
      title.id = 'kept';
      labelDialog(dialog, title);
      expect(dialog.getAttribute('aria-labelledby')).to.equal('kept');
      labelDialog(dialog, 'Again');
      expect(dialog.hasAttribute('aria-labelledby')).to.equal(false);
    });
  });
});
