// @ts-check
// The demo shop's upload endpoints for option-form `file` fields (issue 13; spec §7 "Uploads go
// through a basic file input, a resumable-upload method or a cloud method"):
//
//  - resumable: a real tus 1.0 server (@tus/server with @tus/file-store) at UPLOADS_TUS_PATH;
//    files go to a temporary directory that is removed when the process ends, and unfinished
//    uploads expire after a day.
//  - cloud: POST UPLOADS_SIGN_PATH with `name`, `type`, `size` (form or JSON) answers
//    `{ url, file_url, headers }`: a signed, expiring URL the browser PUTs the file to (HMAC-SHA256
//    over id, expiry, type and size, as a storage bucket's pre-signed URL), and the URL the file is
//    read from afterwards. The PUT must send exactly `size` bytes with that content type.
//
// Test API (scoped by file name, so parallel browsers never meet): POST /__uploads/faults
// `{ name, target: 'tus'|'cloud'|'sign', afterBytes?, atOffset?, status?, times? }` makes the next
// request(s) for that file misbehave: `afterBytes` cuts the connection once that many body bytes of
// a tus PATCH or cloud PUT arrived (an interrupted upload), `status` answers with that status
// instead, `delayMs` holds a tus PATCH that long first (a slow upload), `atOffset` spares tus PATCHes that start before that offset (the first chunks arrive);
// DELETE /__uploads/faults?name= drops the faults left for that file;
// GET /__uploads/log?name= lists what the server saw for that file; GET /__uploads/files?name=
// lists the finished files with their size and SHA-256.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server } from '@tus/server';
import { BodyTooLargeError, readBody } from './http.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {{ target: 'tus' | 'cloud' | 'sign', afterBytes?: number, atOffset?: number, status?: number, delayMs?: number, times: number }} UploadFault
 * @typedef {{ at: number, kind: string, method: string, offset?: number, received?: number, status?: number }} UploadLogEntry
 * @typedef {{ name: string, method: 'tus' | 'cloud', size: number, sha256: string, url: string, type: string }} FinishedFile
 */

export const UPLOADS_TUS_PATH = '/wcpa-uploads/tus';
export const UPLOADS_SIGN_PATH = '/wcpa-uploads/sign';
export const UPLOADS_CLOUD_PATH = '/wcpa-uploads/cloud';
/** Largest file either method accepts (the element checks `uploadSize` first). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
/** A signed URL is valid this long. */
const SIGNED_URL_TTL_MS = 15 * 60 * 1000;
/** Log entries kept per file name. */
const MAX_LOG = 200;

/** Upload directories to remove at exit (one listener however many servers are created). */
const temporaryRoots = new Set();
process.once('exit', () => {
  for (const dir of temporaryRoots) rmSync(dir, { recursive: true, force: true });
});

/** Creates the upload endpoints; `handle` answers what it owns and resolves false otherwise. */
export function createUploads() {
  const root = mkdtempSync(join(tmpdir(), 'storefront-uploads-'));
  const tusDir = join(root, 'tus');
  const cloudDir = join(root, 'cloud');
  mkdirSync(tusDir);
  mkdirSync(cloudDir);
  // The files live only as long as the demo shop: removed when the process exits (vite and the
  // test runner exit through process.exit on Ctrl+C, which runs 'exit' listeners).
  temporaryRoots.add(root);
  const secret = randomBytes(32);
  /** @type {Map<string, UploadFault[]>} */
  const faults = new Map();
  /** @type {Map<string, UploadLogEntry[]>} */
  const logs = new Map();
  /** @type {FinishedFile[]} */
  const finished = [];
  /** tus upload id -> file name (from the Upload-Metadata `filename`). @type {Map<string, string>} */
  const tusNames = new Map();
  /** cloud id -> what was signed. @type {Map<string, { name: string, type: string, size: number }>} */
  const signed = new Map();

  const tus = new Server({
    path: UPLOADS_TUS_PATH,
    datastore: new FileStore({ directory: tusDir, expirationPeriodInMilliseconds: 24 * 3600 * 1000 }),
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    async onUploadCreate(_req, upload) {
      const name = String(upload.metadata?.filename ?? '');
      if (name) tusNames.set(upload.id, name);
      return {};
    },
  });
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
    const name = tusNames.get(upload.id) ?? '';
    const file = join(tusDir, upload.id);
    void digest(file).then((sha256) =>
      finished.push({
        name,
        method: 'tus',
        size: statSync(file).size,
        sha256,
        url: `${UPLOADS_TUS_PATH}/${upload.id}`,
        type: String(upload.metadata?.filetype ?? ''),
      }),
    );
  });

  /** @param {string} name @param {Omit<UploadLogEntry, 'at'>} entry */
  function log(name, entry) {
    const list = logs.get(name) ?? [];
    list.push({ at: Date.now(), ...entry });
    if (list.length > MAX_LOG) list.shift();
    logs.set(name, list);
  }

  /** @param {string} name @param {UploadFault['target']} target @param {number} [offset] a tus PATCH's offset */
  function takeFault(name, target, offset = 0) {
    const list = faults.get(name);
    const i = list?.findIndex((f) => f.target === target && offset >= (f.atOffset ?? 0)) ?? -1;
    if (!list || i < 0) return undefined;
    const fault = list[i];
    fault.times -= 1;
    if (fault.times <= 0) list.splice(i, 1);
    return fault;
  }

  /**
   * Cuts the connection once `afterBytes` body bytes arrived: the client sees a network error and
   * the server keeps what it received (a real interrupted upload).
   * @param {Req} req @param {number} afterBytes @param {(n: number) => void} [onCut]
   */
  function cutAfter(req, afterBytes, onCut) {
    let seen = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      seen += chunk.length;
      if (seen >= afterBytes && !req.destroyed) {
        onCut?.(seen);
        req.socket.destroy();
      }
    });
  }

  /** @param {string} id @param {number} expires @param {string} type @param {number} size */
  function signature(id, expires, type, size) {
    return createHmac('sha256', secret).update(`${id}\n${expires}\n${type}\n${size}`).digest('hex');
  }

  /** @param {Req} req @param {Res} res */
  async function sign(req, res) {
    if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
    let fields;
    try {
      const text = await readBody(req, 64 * 1024);
      fields = String(req.headers['content-type'] ?? '').includes('json')
        ? JSON.parse(text)
        : Object.fromEntries(new URLSearchParams(text));
    } catch {
      return send(res, 400, { error: 'bad request' });
    }
    const name = String(fields?.name ?? '').slice(0, 255);
    const type = String(fields?.type ?? '') || 'application/octet-stream';
    const size = Number(fields?.size);
    log(name, { kind: 'sign', method: 'POST' });
    const fault = takeFault(name, 'sign');
    if (fault?.status) return send(res, fault.status, { error: 'fault' });
    if (!name || !Number.isInteger(size) || size < 0)
      return send(res, 400, { error: 'name and size required' });
    if (size > MAX_UPLOAD_BYTES) return send(res, 413, { error: 'file too large' });
    const id = randomUUID();
    const expires = Date.now() + SIGNED_URL_TTL_MS;
    signed.set(id, { name, type, size });
    const query = new URLSearchParams({
      expires: String(expires),
      signature: signature(id, expires, type, size),
    });
    return send(res, 200, {
      url: `${UPLOADS_CLOUD_PATH}/${id}?${query}`,
      file_url: `${UPLOADS_CLOUD_PATH}/${id}`,
      headers: { 'content-type': type },
    });
  }

  /** @param {Req} req @param {Res} res @param {URL} url @param {string} id */
  async function cloud(req, res, url, id) {
    const meta = signed.get(id);
    const file = join(cloudDir, id);
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (!meta || !finished.some((f) => f.url === `${UPLOADS_CLOUD_PATH}/${id}`))
        return send(res, 404, { error: 'not found' });
      res.writeHead(200, { 'content-type': meta.type, 'content-length': statSync(file).size });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).pipe(res);
      return;
    }
    if (req.method !== 'PUT') return send(res, 405, { error: 'method not allowed' });
    const expires = Number(url.searchParams.get('expires'));
    const given = Buffer.from(url.searchParams.get('signature') ?? '', 'utf8');
    const type = String(req.headers['content-type'] ?? '');
    const length = Number(req.headers['content-length']);
    const wanted = meta ? Buffer.from(signature(id, expires, meta.type, meta.size), 'utf8') : Buffer.alloc(0);
    const name = meta?.name ?? '';
    log(name, { kind: 'put', method: 'PUT' });
    if (!meta || given.length !== wanted.length || !timingSafeEqual(given, wanted))
      return send(res, 403, { error: 'SignatureDoesNotMatch' });
    if (!(expires > Date.now())) return send(res, 403, { error: 'Request has expired' });
    if (type !== meta.type) return send(res, 403, { error: 'content-type does not match the signature' });
    if (length !== meta.size) return send(res, 400, { error: 'content-length does not match the signature' });
    const fault = takeFault(name, 'cloud');
    if (fault?.status) {
      req.resume();
      return send(res, fault.status, { error: 'fault' });
    }
    if (fault?.afterBytes !== undefined)
      cutAfter(req, fault.afterBytes, (n) => log(name, { kind: 'cut', method: 'PUT', received: n }));
    const hash = createHash('sha256');
    let received = 0;
    // A part file per request: a browser may resend a PUT whose connection broke while the first
    // request is still being cleaned up.
    const part = `${file}.${randomUUID()}.part`;
    const out = createWriteStream(part);
    await new Promise((resolve) => {
      req.on('data', (/** @type {Buffer} */ chunk) => {
        received += chunk.length;
        hash.update(chunk);
        if (received > meta.size) req.socket.destroy();
        else out.write(chunk);
      });
      req.on('end', resolve);
      req.on('close', resolve);
    });
    await new Promise((resolve) => out.end(resolve));
    if (received !== meta.size || res.destroyed) {
      rmSync(part, { force: true });
      if (!res.destroyed) send(res, 400, { error: 'incomplete body' });
      return;
    }
    renameSync(part, file);
    finished.push({
      name,
      method: 'cloud',
      size: received,
      sha256: hash.digest('hex'),
      url: `${UPLOADS_CLOUD_PATH}/${id}`,
      type: meta.type,
    });
    res.writeHead(200, { etag: `"${id}"` }).end();
  }

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function testApi(req, res, url) {
    const route = url.pathname.slice('/__uploads/'.length);
    const name = url.searchParams.get('name') ?? '';
    if (route === 'faults' && req.method === 'POST') {
      let raw;
      try {
        raw = JSON.parse(await readBody(req));
      } catch {
        return send(res, 400, { error: 'expected JSON' });
      }
      const target = raw?.target;
      if (typeof raw?.name !== 'string' || !['tus', 'cloud', 'sign'].includes(target))
        return send(res, 400, { error: 'name and target (tus, cloud, sign) required' });
      /** @type {UploadFault} */
      const fault = {
        target,
        afterBytes: Number.isFinite(raw.afterBytes) ? Number(raw.afterBytes) : undefined,
        atOffset: Number.isFinite(raw.atOffset) ? Number(raw.atOffset) : undefined,
        status: Number.isInteger(raw.status) ? Number(raw.status) : undefined,
        delayMs: Number.isFinite(raw.delayMs)
          ? Math.min(Math.max(0, Number(raw.delayMs)), 30_000)
          : undefined,
        times: Number.isInteger(raw.times) && raw.times > 0 ? raw.times : 1,
      };
      faults.set(raw.name, [...(faults.get(raw.name) ?? []), fault]);
      return send(res, 204);
    }
    if (route === 'faults' && req.method === 'DELETE') {
      faults.delete(name);
      return send(res, 204);
    }
    if (route === 'log' && req.method === 'GET') return send(res, 200, logs.get(name) ?? []);
    if (route === 'files' && req.method === 'GET')
      return send(
        res,
        200,
        finished.filter((f) => f.name === name),
      );
    return send(res, 404, { error: 'unknown test route' });
  }

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function tusRequest(req, res, url) {
    const id = url.pathname.slice(UPLOADS_TUS_PATH.length + 1).split('/')[0] ?? '';
    const method = String(req.headers['x-http-method-override'] ?? req.method ?? 'GET').toUpperCase();
    const name = id ? (tusNames.get(id) ?? '') : metadataName(String(req.headers['upload-metadata'] ?? ''));
    const offset = Number(req.headers['upload-offset']);
    log(name, { kind: 'tus', method, ...(Number.isFinite(offset) ? { offset } : {}) });
    const fault =
      method === 'PATCH' ? takeFault(name, 'tus', Number.isFinite(offset) ? offset : 0) : undefined;
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (req.destroyed) return;
    if (fault?.status) {
      req.resume();
      return send(res, fault.status, { error: 'fault' });
    }
    if (fault?.afterBytes !== undefined)
      cutAfter(req, fault.afterBytes, (n) => log(name, { kind: 'cut', method, received: n }));
    await tus.handle(req, res);
  }

  /** @param {Req} req @param {Res} res @returns {Promise<boolean>} */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    if (p === UPLOADS_TUS_PATH || p.startsWith(`${UPLOADS_TUS_PATH}/`)) {
      await tusRequest(req, res, url);
      return true;
    }
    if (p === UPLOADS_SIGN_PATH) {
      await sign(req, res);
      return true;
    }
    if (p.startsWith(`${UPLOADS_CLOUD_PATH}/`)) {
      const id = p.slice(UPLOADS_CLOUD_PATH.length + 1);
      if (!/^[0-9a-f-]{36}$/.test(id)) send(res, 404, { error: 'not found' });
      else await cloud(req, res, url, id);
      return true;
    }
    if (p.startsWith('/__uploads/')) {
      await testApi(req, res, url);
      return true;
    }
    return false;
  }

  return { handle, directory: root };
}

/**
 * The text fields of a multipart/form-data body (a product form with basic uploads posts one, as
 * WooCommerce's form.cart is multipart): last value wins, as PHP's $_POST for scalar names; the
 * files themselves are read and dropped (the demo shop keeps no basic uploads).
 * @param {Req} req
 * @returns {Promise<Record<string, string>>}
 */
export async function readMultipartFields(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) throw new BodyTooLargeError(`body larger than ${MAX_UPLOAD_BYTES} bytes`);
    chunks.push(chunk);
  }
  const type = String(req.headers['content-type'] ?? '');
  const data = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
  /** @type {Record<string, string>} */
  const out = Object.create(null);
  for (const [k, v] of data) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The `filename` of a tus Upload-Metadata header ("key base64,key base64"). @param {string} header */
function metadataName(header) {
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key === 'filename' && value) return Buffer.from(value, 'base64').toString('utf8');
  }
  return '';
}

/** @param {string} file @returns {Promise<string>} */
function digest(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** @param {Res} res @param {number} status @param {unknown} [body] */
function send(res, status, body) {
  if (res.headersSent || res.destroyed) return;
  if (body === undefined) {
    res.writeHead(status, { 'cache-control': 'no-store' }).end();
    return;
  }
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}
