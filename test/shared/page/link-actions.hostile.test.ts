import { expect, waitUntil } from '@open-wc/testing';
import { actionHash, installLinkActions, parseActionHash } from '../../../shared/page/link-actions.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors, frames } from '../../helpers/elements.ts';

/** Standard base64 of `text` (UTF-8), as the page builder prints it. */
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** Runs `fn` with `hash` as the page address's hash, then puts the address back. */
async function withAddress(hash: string, fn: () => Promise<void>) {
  const start = location.href;
  history.replaceState(null, '', `${location.pathname}${hash}`);
  try {
    await fn();
  } finally {
    history.replaceState(null, '', start);
  }
}

describe('link actions: crafted and unusual hashes (spec §2)', () => {
  it('decodes settings whose base64 holds + and /, in the standard and the URL-safe alphabet', () => {
    // `{"id":"a>>?"}` encodes with a `+` and a `/` in it; `ü` makes UTF-8 bytes.
    const json = '{"id":"a>>?","title":"~~~ü"}';
    const standard = base64(json);
    expect(standard).to.match(/[+/]/);
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const expected = { action: 'popup:open', settings: { id: 'a>>?', title: '~~~ü' } };
    for (const encoded of [standard, urlSafe, encodeURIComponent(standard), standard.replace(/\+/g, ' ')])
      expect(
        parseActionHash(`#elementor-action:action=popup%3Aopen&settings=${encoded}`),
        encoded,
      ).to.deep.equal(expected);
    expect(parseActionHash(actionHash('popup:open', { id: 'a>>?', title: '~~~' }))).to.deep.equal({
      action: 'popup:open',
      settings: { id: 'a>>?', title: '~~~' },
    });
  });

  it('runs a link whose settings hold a +', async () => {
    const dialog = document.createElement('dialog');
    // The id's base64 holds a `+`.
    dialog.id = 'off-canvas-a>>?';
    dialog.innerHTML = '<button>In the panel</button>';
    const link = document.createElement('a');
    link.href = `#elementor-action:action=off_canvas%3Aopen&settings=${base64('{"id":"a>>?"}')}`;
    link.textContent = 'Open';
    document.body.append(dialog, link);
    const actions = installLinkActions({ clock: fakeClock(), runAddressHash: false });
    try {
      expect(link.getAttribute('href')).to.contain('+');
      link.click();
      await waitUntil(() => dialog.open, 'the panel did not open');
    } finally {
      actions.dispose();
      dialog.remove();
      link.remove();
    }
  });

  it('never reloads from the page address (that would reload for ever), and reports it once', async () => {
    for (const name of ['reload', 'page:reload']) {
      let reloads = 0;
      await withAddress(actionHash(name), async () => {
        const errors = await captureConsoleErrors(async () => {
          const actions = installLinkActions({ clock: fakeClock(), reload: () => (reloads += 1) });
          await frames(2);
          // The same action from a link still reloads.
          await actions.run({ action: name, settings: {} });
          actions.dispose();
        });
        expect(reloads, name).to.equal(1);
        expect(errors.length).to.equal(1);
        expect(errors[0]).to.contain(name).and.contain('page address');
      });
    }
  });

  it('opens a lightbox named in the page address once: closing it does not bring it back', async () => {
    const self = `${location.origin}${location.pathname}${actionHash('lightbox', { url: '/shop-images/cap.svg' })}`;
    await withAddress(actionHash('lightbox', { url: self, title: 'Itself' }), async () => {
      let opened = 0;
      const seen = new MutationObserver((records) => {
        for (const r of records)
          opened += [...r.addedNodes].filter((n) => (n as Element).localName === 'dialog').length;
      });
      seen.observe(document.body, { childList: true });
      const actions = installLinkActions({ clock: fakeClock() });
      try {
        await waitUntil(() => actions.lightbox?.open, 'the lightbox did not open');
        actions.lightbox!.close();
        await frames(5);
        expect(actions.lightbox).to.equal(null);
        expect(opened).to.equal(1);
      } finally {
        seen.disconnect();
        actions.dispose();
      }
    });
  });

  it('keeps __proto__ members of crafted settings as plain data (nothing reaches a prototype)', async () => {
    const parsed = parseActionHash(
      `#elementor-action:action=popup%3Aopen&settings=${base64('{"__proto__":{"polluted":1},"id":"x"}')}`,
    )!;
    expect(parsed.settings.id).to.equal('x');
    expect(Object.getPrototypeOf(parsed.settings)).to.equal(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});
