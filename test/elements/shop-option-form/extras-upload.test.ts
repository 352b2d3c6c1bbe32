import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configureTransfers } from '../../../elements/shop-option-form/extras/upload-transfers.ts';
import type { ShopOptionFormElement } from '../../../elements/shop-option-form/shop-option-form.ts';
import { $cart } from '../../../shared/cart/store.ts';
import { eachShopMode, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { $, $$, fieldEl, optionForm, posted, sectionOf, type } from './fixtures.ts';

/** `waitUntil` with room for a loaded machine: real uploads and three engines at once. */
const waitFor: typeof waitUntil = (predicate, message, options = {}) =>
  waitUntil(predicate, message, { timeout: 10000, ...options });

/** A unique file name per test, so parallel browsers never share server state. */
const unique = (ext: string) => `t-${Math.random().toString(36).slice(2, 10)}.${ext}`;

/** `size` bytes of a pattern (so a corrupted upload would not hash the same). */
function bytes(size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + (i >> 8)) & 255;
  return out;
}
const fileOf = (name: string, size: number, type = 'application/octet-stream') =>
  new File([bytes(size)], name, { type });

async function sha256(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A real PNG of `w`×`h` pixels. */
async function png(name: string, w = 40, h = 20): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#c33';
  ctx.fillRect(0, 0, w, h);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

const fileField = (extra: Record<string, unknown> = {}) => ({
  type: 'file',
  elementId: 'upload',
  name: 'upload',
  label: 'Your artwork',
  ...extra,
});

async function uploadForm(extra: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  const mounted = await optionForm({
    definition: [sectionOf([fileField(extra), { type: 'text', elementId: 'note', label: 'Note' }])],
    ...settings,
  });
  mounted.form.enctype = 'application/x-www-form-urlencoded'; // the field must make it multipart
  await waitFor(() => $(mounted.el, 'input[type="file"]'), 'the upload chunk never rendered', {
    timeout: 10000,
  });
  return mounted;
}

const input = (el: ShopOptionFormElement) => $<HTMLInputElement>(el, 'input[type="file"]')!;

/** Chooses files as the picker would: the input's files set, then `change`. */
function pick(el: ShopOptionFormElement, ...files: File[]): void {
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  const target = input(el);
  target.files = transfer.files;
  target.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Drops files on the drop zone. */
function drop(el: ShopOptionFormElement, ...files: File[]): void {
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  const zone = $(el, '.upload-drop')!;
  zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
}

const rows = (el: ShopOptionFormElement) => $$(el, '.upload-file');
const rowText = (el: ShopOptionFormElement) => rows(el).map((r) => r.textContent ?? '');
const notices = (el: ShopOptionFormElement) =>
  [...$$(el, '.upload-notices .error'), ...$$(el, `[data-field-id="upload"] .errors .error`)].map(
    (n) => n.textContent ?? '',
  );
const filesJson = (form: HTMLFormElement) =>
  JSON.parse(posted(form).find(([k]) => k === 'upload')?.[1] ?? '[]') as Array<{
    file_name: string;
    url: string;
    size: number;
    type: string;
  }>;

interface ServerFile {
  name: string;
  method: string;
  size: number;
  sha256: string;
  url: string;
}
const serverFiles = async (name: string): Promise<ServerFile[]> =>
  (await fetch(`/__uploads/files?name=${encodeURIComponent(name)}`)).json();
const serverLog = async (name: string): Promise<Array<{ kind: string; method: string; offset?: number }>> =>
  (await fetch(`/__uploads/log?name=${encodeURIComponent(name)}`)).json();
async function fault(body: Record<string, unknown>): Promise<void> {
  const res = await fetch('/__uploads/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`fault refused: ${res.status}`);
}

describe('<shop-option-form> file field (issue 13)', function () {
  // Real uploads to the demo shop under a loaded machine: longer than the default 10 s.
  this.timeout(40000);
  let restore: () => void = () => {};
  beforeEach(() => {
    // Small chunks so a few hundred kB make several PATCHes; quick automatic retries.
    restore = configureTransfers({ chunkSize: 64 * 1024, retryDelays: [0, 50] });
  });
  afterEach(() => restore());

  describe('basic', () => {
    it('posts the chosen file with the host form, and its description as JSON', async () => {
      const { el, form } = await uploadForm({ upload_method: 'basic' });
      const file = fileOf(unique('txt'), 1234, 'text/plain');
      pick(el, file);
      await waitFor(() => rows(el).length === 1);
      const data = new FormData(form);
      const sent = data.getAll('upload').find((v) => v instanceof File) as File | undefined;
      expect(sent?.name).to.equal(file.name);
      expect(sent?.size).to.equal(1234);
      expect(filesJson(form)).to.deep.equal([
        { file_name: file.name, url: '', type: 'text/plain', size: 1234 },
      ]);
      expect(form.checkValidity()).to.equal(true);
      expect(rowText(el)[0]).to.contain(file.name);
      expect(form.enctype).to.equal('multipart/form-data');
    });

    it('in ajax mode, a form with a chosen file submits the page (multipart) instead', async () => {
      const { el, form, button } = await uploadForm({ upload_method: 'basic' }, { ajax: true });
      let normal: boolean | undefined;
      form.addEventListener('submit', (e) => {
        normal = !e.defaultPrevented;
        e.preventDefault(); // the test page stays
      });
      pick(el, fileOf('photo.txt', 10, 'text/plain'));
      await waitFor(() => rows(el).length === 1);
      button.click();
      await waitFor(() => normal !== undefined);
      expect(normal).to.equal(true);
      expect(form.enctype).to.equal('multipart/form-data');
    });

    it('a single-file field replaces its file; remove takes it out of the post', async () => {
      const { el, form } = await uploadForm({ upload_method: 'basic' });
      pick(el, fileOf('a.txt', 10, 'text/plain'));
      pick(el, fileOf('b.txt', 20, 'text/plain'));
      await waitFor(() => rowText(el).join().includes('b.txt'));
      expect(rows(el).length).to.equal(1);
      expect(
        new FormData(form).getAll('upload').some((v) => v instanceof File && v.name === 'b.txt'),
      ).to.equal(true);
      $<HTMLButtonElement>(el, '[part~="upload-remove"]')!.click();
      await waitFor(() => rows(el).length === 0);
      expect(new FormData(form).getAll('upload').length).to.equal(0);
      // Focus goes back to the file input (keyboard users keep their place).
      expect(el.shadowRoot!.activeElement === input(el)).to.equal(true);
    });

    it('multiple_upload posts name[] per file, added by drag and drop too', async () => {
      const { el, form } = await uploadForm({ upload_method: 'basic', multiple_upload: true });
      pick(el, fileOf('one.txt', 5, 'text/plain'));
      drop(el, fileOf('two.txt', 6, 'text/plain'), fileOf('three.txt', 7, 'text/plain'));
      await waitFor(() => rows(el).length === 3);
      const names = new FormData(form).getAll('upload[]').map((f) => (f as File).name);
      expect(names).to.deep.equal(['one.txt', 'two.txt', 'three.txt']);
    });
  });

  describe('file rules (spec §5)', () => {
    it('refuses a file of a type not in allowedFileTypes, naming it', async () => {
      const { el, form } = await uploadForm({ upload_method: 'basic', allowedFileTypes: ['png', 'jpg'] });
      expect(input(el).accept).to.equal('.png,.jpg');
      drop(el, fileOf('notes.pdf', 10, 'application/pdf'));
      await waitFor(() => notices(el).length > 0);
      expect(notices(el).join()).to.contain('notes.pdf');
      expect(rows(el).length).to.equal(0);
      expect(posted(form).some(([k]) => k === 'upload')).to.equal(false);
      pick(el, await png('ok.PNG'));
      await waitFor(() => rows(el).length === 1);
    });

    it('clears a file over uploadSize with maxFileSizeError (not blocking)', async () => {
      const { el, form } = await uploadForm({
        upload_method: 'basic',
        uploadSize: 0.001,
        multiple_upload: true,
      });
      pick(el, fileOf('small.txt', 500, 'text/plain'), fileOf('big.txt', 2000, 'text/plain'));
      await waitFor(() => notices(el).some((n) => n.includes('big.txt')));
      expect(notices(el).join()).to.contain('larger than 0.001 MB');
      expect(rowText(el).join()).to.contain('small.txt');
      expect(rowText(el).join()).not.to.contain('big.txt');
      expect(form.checkValidity()).to.equal(true);
    });

    it('clears a file under minUploadSize with minFileSizeError', async () => {
      const { el } = await uploadForm({ upload_method: 'basic', minUploadSize: 0.001 });
      pick(el, fileOf('tiny.txt', 10, 'text/plain'));
      await waitFor(() => notices(el).some((n) => n.includes('tiny.txt')));
      expect(notices(el).join()).to.contain('smaller than 0.001 MB');
      expect(rows(el).length).to.equal(0);
    });

    it('keeps max_file_count files with maxFileCountError', async () => {
      const { el } = await uploadForm({ upload_method: 'basic', multiple_upload: true, max_file_count: 2 });
      pick(el, fileOf('1.txt', 1), fileOf('2.txt', 1), fileOf('3.txt', 1));
      await waitFor(() => notices(el).some((n) => n.includes('at most 2')));
      expect(rows(el).length).to.equal(2);
    });

    it('blocks the submit below min_file_count (minFileCountError), and only that', async () => {
      const { el, form, button } = await uploadForm({
        upload_method: 'basic',
        multiple_upload: true,
        min_file_count: 2,
        required: true,
      });
      let submitted = false;
      form.addEventListener('submit', (e) => {
        submitted = !e.defaultPrevented;
        e.preventDefault();
      });
      pick(el, fileOf('only.txt', 3));
      await waitFor(() => rows(el).length === 1);
      button.click();
      await waitFor(() => notices(el).some((n) => n.includes('at least 2')));
      expect(submitted).to.equal(false);
      expect(form.checkValidity()).to.equal(false);
      pick(el, fileOf('second.txt', 3));
      await waitFor(() => form.checkValidity());
    });
  });

  describe('tus (resumable)', () => {
    it('uploads to the demo shop tus server with a progress bar, then posts the URL', async () => {
      const { el, form } = await uploadForm({ upload_method: 'tus' });
      const name = unique('bin');
      const file = fileOf(name, 300 * 1024);
      pick(el, file);
      // From the moment it is chosen until it is uploaded, the form cannot be submitted (uploadPending).
      expect(form.checkValidity()).to.equal(false);
      await waitFor(() => $(el, 'progress'));
      const bar = $<HTMLProgressElement>(el, 'progress')!;
      expect(bar.max).to.equal(100);
      expect(bar.getAttribute('aria-label')).to.equal(name);
      await waitFor(() => filesJson(form)[0]?.url, 'the upload never finished', { timeout: 15000 });
      expect(form.checkValidity()).to.equal(true);
      const [json] = filesJson(form);
      expect(json.url).to.match(/\/wcpa-uploads\/tus\/[0-9a-f]+$/);
      const stored = await waitFor(async () => (await serverFiles(name)).length === 1).then(() =>
        serverFiles(name),
      );
      expect(stored[0].sha256).to.equal(await sha256(file));
      expect(new URL(json.url).pathname).to.equal(stored[0].url);
      expect($(el, 'progress')).to.equal(null);
      expect(rowText(el)[0]).to.contain('Uploaded');
      // Announced politely through the page's live region.
      await waitFor(() =>
        document.getElementById('shop-live-region')?.textContent?.includes(`${name} uploaded.`),
      );
    });

    it('an upload that is interrupted mid-way resumes where the server stopped', async () => {
      const { el, form } = await uploadForm({ upload_method: 'tus' });
      const name = unique('bin');
      const file = fileOf(name, 400 * 1024);
      // The connection is cut 20 kB into the PATCH that starts at 128 kB (the third chunk).
      await fault({ name, target: 'tus', atOffset: 128 * 1024, afterBytes: 20 * 1024 });
      pick(el, file);
      await waitFor(() => filesJson(form)[0]?.url, 'the upload never finished', { timeout: 20000 });
      await waitFor(async () => (await serverFiles(name)).length === 1);
      expect((await serverFiles(name))[0].sha256).to.equal(await sha256(file));
      const log = await serverLog(name);
      const cut = log.findIndex((e) => e.kind === 'cut');
      expect(cut).to.be.greaterThan(0);
      // After the cut the upload went on from the last whole chunk the server has (asking it with
      // HEAD, or the browser resending the PATCH at once), never from 0, on the same upload.
      const after = log.slice(cut + 1);
      const resumed = after.find((e) => e.method === 'PATCH');
      expect(resumed?.offset).to.equal(128 * 1024);
      expect(log.filter((e) => e.method === 'POST').length).to.equal(1);
    });

    it('a failed upload blocks the submit, and Retry resumes it', async () => {
      const { el, form, button } = await uploadForm({ upload_method: 'tus' });
      const name = unique('bin');
      const file = fileOf(name, 200 * 1024);
      // Every try fails (three: the first and two automatic retries), after the first chunk.
      await fault({ name, target: 'tus', atOffset: 64 * 1024, status: 500, times: 3 });
      pick(el, file);
      await waitFor(() => $(el, '[part~="upload-retry"]'), 'no retry button', { timeout: 15000 });
      expect(rowText(el)[0]).to.contain('The upload failed.');
      // The bar shows what the server kept (the first 64 kB chunk of 200 kB), not what was sent.
      expect($<HTMLProgressElement>(el, 'progress')!.value).to.equal(32);
      expect(form.checkValidity()).to.equal(false);
      let submitted = false;
      form.addEventListener('submit', (e) => {
        submitted = !e.defaultPrevented;
        e.preventDefault();
      });
      button.click();
      await waitFor(() => notices(el).some((n) => n.includes('wait until the upload has finished')));
      expect(submitted).to.equal(false);
      // The rest of the form is kept.
      $<HTMLButtonElement>(el, '[part~="upload-retry"]')!.click();
      await waitFor(() => filesJson(form)[0]?.url, 'the retry never finished', { timeout: 15000 });
      await waitFor(async () => (await serverFiles(name)).length === 1);
      expect((await serverFiles(name))[0].sha256).to.equal(await sha256(file));
      // Resumed at 64 kB (never from 0 again), after the three refused tries.
      const patches = (await serverLog(name)).filter((e) => e.method === 'PATCH');
      expect(patches.filter((e) => e.offset === 0).length).to.equal(1);
      expect(patches.filter((e) => e.offset === 64 * 1024).length).to.equal(4);
      expect(form.checkValidity()).to.equal(true);
    });

    it('an upload outlives a re-initialisation of the form, and nothing entered is lost', async () => {
      const { el, form } = await uploadForm({ upload_method: 'tus' });
      type($<HTMLInputElement>(el, '[data-field-id="note"] input')!, 'Gift wrap');
      const name = unique('bin');
      await fault({ name, target: 'tus', atOffset: 64 * 1024, delayMs: 1500 });
      pick(el, fileOf(name, 192 * 1024));
      await waitFor(
        async () => (await serverLog(name)).some((e) => e.offset === 64 * 1024),
        'no second chunk',
      );
      document.dispatchEvent(new CustomEvent('shop-option-form-init-request'));
      await waitFor(() => filesJson(form)[0]?.url, 'the upload never finished', { timeout: 15000 });
      expect(posted(form).find(([k]) => k === 'note')?.[1]).to.equal('Gift wrap');
      await waitFor(() => rowText(el).join().includes('Uploaded'), `rows: ${rowText(el).join(' | ')}`);
      expect(rows(el).length).to.equal(1);
      // The tus server lists the file once its store has closed it, which can come just after the
      // last PATCH has been answered: wait for it rather than read it once.
      await waitFor(async () => (await serverFiles(name)).length === 1, 'the server never kept one file');
    });

    it('cancel stops a running upload, asks the server to drop it and removes the file', async () => {
      const { el, form } = await uploadForm({ upload_method: 'tus' });
      const name = unique('bin');
      // The second chunk is held by the server, so the upload is still running when cancelled.
      await fault({ name, target: 'tus', atOffset: 64 * 1024, delayMs: 3000 });
      pick(el, fileOf(name, 256 * 1024));
      await waitFor(
        async () => (await serverLog(name)).some((e) => e.offset === 64 * 1024),
        'no second chunk',
      );
      const cancel = $<HTMLButtonElement>(el, '[part~="upload-cancel"]')!;
      expect(cancel.getAttribute('aria-label')).to.equal(`Cancel the upload of ${name}`);
      cancel.click();
      await waitFor(() => rows(el).length === 0);
      expect(posted(form).some(([k]) => k === 'upload')).to.equal(false);
      expect(form.checkValidity()).to.equal(true);
      // tus termination: the server is told to drop what it has.
      await waitFor(async () => (await serverLog(name)).some((e) => e.method === 'DELETE'), 'no DELETE');
      expect(await serverFiles(name)).to.deep.equal([]);
    });
  });

  describe('cloud (signed URL)', () => {
    it('asks the shop for a signed URL and PUTs the file there', async () => {
      const { el, form } = await uploadForm({ upload_method: 'cloud' });
      const name = unique('txt');
      const file = fileOf(name, 100 * 1024, 'text/plain');
      pick(el, file);
      await waitFor(() => filesJson(form)[0]?.url, 'the cloud upload never finished', { timeout: 15000 });
      const [json] = filesJson(form);
      const stored = (await serverFiles(name))[0];
      expect(stored.method).to.equal('cloud');
      expect(stored.sha256).to.equal(await sha256(file));
      expect(new URL(json.url).pathname).to.equal(stored.url);
      const back = await fetch(json.url);
      expect(back.status).to.equal(200);
      expect((await back.arrayBuffer()).byteLength).to.equal(file.size);
    });

    it('a refused signature fails the upload; Retry signs again', async () => {
      const { el, form } = await uploadForm({ upload_method: 'cloud' });
      const name = unique('txt');
      await fault({ name, target: 'sign', status: 500 });
      pick(el, fileOf(name, 1000, 'text/plain'));
      await waitFor(() => $(el, '[part~="upload-retry"]'), 'no retry button', { timeout: 10000 });
      expect(form.checkValidity()).to.equal(false);
      $<HTMLButtonElement>(el, '[part~="upload-retry"]')!.click();
      await waitFor(() => filesJson(form)[0]?.url, 'the retry never finished', { timeout: 10000 });
      expect((await serverLog(name)).filter((e) => e.kind === 'sign').length).to.equal(2);
    });

    it('a PUT the storage refuses can be retried', async () => {
      const { el, form } = await uploadForm({ upload_method: 'cloud' });
      const name = unique('txt');
      const file = fileOf(name, 200 * 1024, 'text/plain');
      await fault({ name, target: 'cloud', status: 503 });
      pick(el, file);
      await waitFor(() => $(el, '[part~="upload-retry"]'), 'no retry button', { timeout: 10000 });
      expect(rowText(el)[0]).to.contain('The upload failed.');
      $<HTMLButtonElement>(el, '[part~="upload-retry"]')!.click();
      await waitFor(() => filesJson(form)[0]?.url, 'the retry never finished', { timeout: 10000 });
      expect((await serverFiles(name))[0].sha256).to.equal(await sha256(file));
    });
  });

  // The add to cart carries the uploaded file's URL, against both shop manners (issue 11).
  eachShopMode('add to cart', () => {
    const navigated = useCleanCart();

    it('adds by ajax with the uploaded file described as JSON (file_name, url, type, size)', async () => {
      const { el, form, button } = await uploadForm({ upload_method: 'tus' }, { ajax: true });
      const name = unique('bin');
      const file = fileOf(name, 70 * 1024);
      pick(el, file);
      await waitFor(() => filesJson(form)[0]?.url, 'the upload never finished', { timeout: 15000 });
      button.click();
      await waitFor(async () => (await shopLog('wcpa_ajax_add_to_cart')).length === 1, 'no add', {
        timeout: 10000,
      });
      const [entry] = await shopLog('wcpa_ajax_add_to_cart');
      const pairs = JSON.parse(entry.body.__pairs) as Array<[string, string]>;
      const described = JSON.parse(pairs.find(([k]) => k === 'upload')?.[1] ?? '[]');
      expect(described).to.deep.equal([
        { file_name: name, url: filesJson(form)[0].url, type: 'application/octet-stream', size: file.size },
      ]);
      await waitFor(() => $cart.get().count === 1, 'the cart never had the product', { timeout: 10000 });
      expect(navigated).to.deep.equal([]);
    });
  });

  describe('rendering and accessibility', () => {
    it('shows a thumbnail for images', async () => {
      const { el } = await uploadForm({ upload_method: 'basic' });
      pick(el, await png('photo.png'));
      await waitFor(() => $<HTMLImageElement>(el, 'img.upload-thumb'), 'no thumbnail');
      const img = $<HTMLImageElement>(el, 'img.upload-thumb')!;
      expect(img.src.startsWith('data:image/png')).to.equal(true);
      expect(img.alt).to.equal('');
    });

    it('the file input is labelled and in the tab order; buttons name their file', async () => {
      const { el } = await uploadForm({ upload_method: 'basic', allowedFileTypes: 'png' });
      const field = input(el);
      expect(field.tabIndex).to.equal(0);
      expect(getComputedStyle(field).display).not.to.equal('none');
      const label = fieldEl(el, 'upload')!.querySelector('label')!;
      expect(label.htmlFor).to.equal(field.id);
      const hint = el.shadowRoot!.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0])!;
      expect(hint.textContent).to.contain('.png');
      field.focus();
      expect(el.shadowRoot!.activeElement === field).to.equal(true);
      pick(el, await png('logo.png'));
      await waitFor(() => $(el, '[part~="upload-remove"]'));
      expect($(el, '[part~="upload-remove"]')!.getAttribute('aria-label')).to.equal('Remove logo.png');
    });

    it("is operable by keyboard: Tab reaches the file input, then each file's button", async () => {
      const { el } = await uploadForm({ upload_method: 'basic', multiple_upload: true });
      pick(el, fileOf('a.txt', 3, 'text/plain'), fileOf('b.txt', 4, 'text/plain'));
      await waitFor(() => rows(el).length === 2);
      input(el).focus();
      await sendKeys({ press: 'Tab' });
      const active = () => el.shadowRoot!.activeElement?.getAttribute('aria-label') ?? '';
      expect(active()).to.equal('Remove a.txt');
      await sendKeys({ press: 'Tab' });
      expect(active()).to.equal('Remove b.txt');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => rows(el).length === 1);
      expect(rowText(el)[0]).to.contain('a.txt');
      expect(el.shadowRoot!.activeElement === input(el)).to.equal(true);
    });

    it('passes axe while uploading and when done', async () => {
      const { el, form } = await uploadForm({ upload_method: 'tus', multiple_upload: true });
      const name = unique('bin');
      await fault({ name, target: 'tus', atOffset: 64 * 1024, status: 500, times: 3 });
      pick(el, fileOf(name, 128 * 1024), await png('shot.png'));
      await waitFor(() => $(el, '[part~="upload-retry"]') && $(el, 'img.upload-thumb'), 'not ready', {
        timeout: 15000,
      });
      await expect(form).to.be.accessible();
      await waitFor(() => filesJson(form).some((f) => f.url));
      await expect(form).to.be.accessible();
    });
  });
});
