import { type Clock, pageClock } from '../clock.ts';
import { logError } from '../log.ts';
import { readPageData } from '../stores/page-data.ts';
import { adoptStyles } from '../style-sheets.ts';
import { safeUrl } from '../url.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const LINK_ACTIONS_SELECTOR =
  'a[href*="#elementor-action"], a[data-elementor-open-lightbox], a[data-elementor-lightbox-slideshow], [data-elementor-id], a[href$=".jpg" i], a[href$=".jpeg" i], a[href$=".png" i], a[href$=".gif" i], a[href$=".webp" i]';

/**
 * Link actions of the page-builder add-on (spec §2 "Popups and filters", "Page-builder lightbox
 * popups"), installed once per page:
 * - links whose hash is an encoded action, `#elementor-action:action=<name>&settings=<base64 JSON>`,
 *   and the same hash in the page address on load: `popup:open` ({id, toggle}), `popup:close`
 *   ({do_not_show_again}), `off_canvas:open|close|toggle` ({id}), `reload` (reload page),
 *   `lightbox` ({url, title} or {slideshow, url});
 * - image links open the page-builder lightbox when the global lightbox setting
 *   (`elementorFrontendConfig.kit.global_image_lightbox`) is on, unless the link says
 *   `data-elementor-open-lightbox="no"`; `"yes"` opens it whatever the global setting. Links
 *   sharing `data-elementor-lightbox-slideshow` form a slideshow (previous/next, arrow keys);
 * - the theme-template query parameter (`theme_template_id`) scrolls to `[data-elementor-id]`.
 */

export const ACTION_PREFIX = '#elementor-action';
/** spec §9: focus moves into something other than a popup (off-canvas, lightbox) after 100 ms. */
export const OTHER_FOCUS_DELAY_MS = 100;
/** spec §2: the theme-template query parameter. */
export const THEME_TEMPLATE_PARAM = 'theme_template_id';
const IMAGE_LINK = /\.(jpe?g|png|gif|webp|avif|svg|bmp)(\?.*)?$/i;

export interface LinkAction {
  action: string;
  settings: Record<string, unknown>;
}

/** `value` percent-decoded, or as it is when it is not valid percent-encoding. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Base64 JSON in either alphabet: standard (`+`, `/`, as the page builder prints it) or URL-safe
 * (`-`, `_`), padded or not; a space is a `+` that went through form decoding. UTF-8 text.
 */
function base64Json(encoded: string): unknown {
  const binary = atob(encoded.replace(/[- ]/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

/** Decodes an action hash; null when `hash` is none or is damaged. */
export function parseActionHash(hash: string): LinkAction | null {
  let text = hash;
  try {
    text = decodeURIComponent(hash);
  } catch {
    return null;
  }
  if (!text.startsWith(`${ACTION_PREFIX}:`)) return null;
  // Split by hand: URLSearchParams reads a `+` as a space, and base64 holds `+`.
  const params = new Map(
    text
      .slice(ACTION_PREFIX.length + 1)
      .split('&')
      .map((pair): [string, string] => {
        const at = pair.indexOf('=');
        return at < 0 ? [pair, ''] : [pair.slice(0, at), decoded(pair.slice(at + 1))];
      }),
  );
  const action = params.get('action');
  if (!action) return null;
  let settings: Record<string, unknown> = {};
  const encoded = params.get('settings');
  if (encoded) {
    try {
      const parsed = base64Json(encoded);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        settings = parsed as Record<string, unknown>;
    } catch {
      logError(null, `link action ${action}: its settings are not base64 JSON; ignored.`);
      return null;
    }
  }
  return { action, settings };
}

/** Encodes an action hash (the inverse of {@link parseActionHash}). */
export function actionHash(action: string, settings: Record<string, unknown> = {}): string {
  return `${ACTION_PREFIX}:action=${encodeURIComponent(action)}&settings=${btoa(JSON.stringify(settings))}`;
}

interface PopupLike extends HTMLElement {
  settings: { popup_id?: string };
  open(): void;
  close(options?: { doNotShowAgain?: boolean }): void;
}

export interface LinkActionOptions {
  doc?: Document;
  clock?: Clock;
  /** Reloads the page (tests pass their own). */
  reload?: () => void;
  /** Runs the action in the page address on load (default true). */
  runAddressHash?: boolean;
}

export interface LinkActions {
  run(action: LinkAction, source?: Element | null): Promise<void>;
  /** The open lightbox dialog, if any. */
  readonly lightbox: HTMLDialogElement | null;
  dispose(): void;
}

const LIGHTBOX_CSS = `
.shop-lightbox { max-width: min(90vw, 80rem); padding: 0; border: 0; background: #000; color: #fff; }
.shop-lightbox::backdrop { background: rgb(0 0 0 / 0.85); }
.shop-lightbox__figure { margin: 0; text-align: center; }
.shop-lightbox__image { max-width: 100%; max-height: 80vh; }
.shop-lightbox__bar { display: flex; gap: 0.5em; justify-content: center; align-items: center; margin-top: 0.5em; }
.shop-lightbox button { font: inherit; padding: 0.4em 0.8em; }
`;

function globalLightbox(doc: Document): boolean {
  const config = readPageData('elementorFrontendConfig', doc) as
    | { kit?: { global_image_lightbox?: unknown } }
    | undefined;
  const value = config && typeof config === 'object' ? config.kit?.global_image_lightbox : undefined;
  return value === 'yes' || value === true;
}

/** What the link actions share: the page, its reload, the delayed focus and the lightbox. */
interface ActionScope {
  doc: Document;
  reload: () => void;
  /** Focuses `target` after {@link OTHER_FOCUS_DELAY_MS}. */
  focusLater: (target: HTMLElement | null | undefined) => void;
  openLightbox: (links: HTMLAnchorElement[], start: number) => void;
}

/** One link action: what it does with its settings (and the link that asked, if any). */
type ActionRunner = (scope: ActionScope, link: LinkAction, source: Element | null) => void | Promise<void>;

const popupsWithId = (doc: Document, id: string) =>
  [...doc.querySelectorAll<PopupLike>('shop-popup')].filter(
    (el) => (el.settings?.popup_id || el.id) === id || el.id === id,
  );

const offCanvas = (doc: Document, id: string) => {
  const el =
    doc.getElementById(`off-canvas-${id}`) ?? doc.querySelector(`[data-off-canvas="${CSS.escape(id)}"]`);
  return el instanceof HTMLDialogElement ? el : null;
};

/** `popup:open` ({id, toggle}): opens the popups with that id, or closes an open one to toggle. */
async function openPopup({ doc }: ActionScope, { settings }: LinkAction): Promise<void> {
  if (!customElements.get('shop-popup')) await customElements.whenDefined('shop-popup');
  for (const popup of popupsWithId(doc, String(settings.id ?? ''))) {
    const open = popup.shadowRoot?.querySelector('dialog')?.open;
    if (settings.toggle && open) popup.close();
    else popup.open();
  }
}

/** `popup:close` ({do_not_show_again}): the popup the link is in, else every popup. */
function closePopup({ doc }: ActionScope, { settings }: LinkAction, source: Element | null): void {
  const own = source?.closest<PopupLike>('shop-popup');
  const targets = own ? [own] : [...doc.querySelectorAll<PopupLike>('shop-popup')];
  for (const popup of targets) popup.close({ doNotShowAgain: settings.do_not_show_again === true });
}

/** `off_canvas:open|close|toggle` ({id}): the `<dialog id="off-canvas-{id}">`. */
function toggleOffCanvas({ doc, focusLater }: ActionScope, { action, settings }: LinkAction): void {
  const id = String(settings.id ?? '');
  const panel = offCanvas(doc, id);
  if (!panel) {
    logError(null, `link action ${action}: no off-canvas "${id}" (a <dialog id="off-canvas-${id}">).`);
    return;
  }
  const open = action === 'off_canvas:open' || (action === 'off_canvas:toggle' && !panel.open);
  if (open && !panel.open) {
    panel.showModal();
    focusLater(
      panel.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex]') ?? panel,
    );
  } else if (!open && panel.open) panel.close();
}

/** `lightbox` ({url, title} or {slideshow, url}): one image, or a slideshow's links from that image. */
function openLightboxAction({ doc, openLightbox }: ActionScope, { settings }: LinkAction): void {
  if (settings.type === 'video')
    return void import('./video.ts').then((m) => m.openVideoLightbox(doc, settings));
  if (typeof settings.slideshow === 'string') {
    const links = [...doc.querySelectorAll<HTMLAnchorElement>('a[data-elementor-lightbox-slideshow]')].filter(
      (a) => a.dataset.elementorLightboxSlideshow === settings.slideshow,
    );
    const url = typeof settings.url === 'string' ? safeUrl(settings.url) : null;
    const start = Math.max(
      0,
      links.findIndex((a) => safeUrl(a.getAttribute('href')) === url),
    );
    if (links.length) openLightbox(links, start);
    return;
  }
  if (typeof settings.url === 'string') {
    const link = doc.createElement('a');
    link.setAttribute('href', settings.url);
    if (typeof settings.title === 'string') link.dataset.elementorLightboxTitle = settings.title;
    openLightbox([link], 0);
  }
}

/** The link actions by name (spec §2 "Page-builder lightbox popups"). */
const ACTIONS: Readonly<Record<string, ActionRunner>> = {
  'popup:open': openPopup,
  'popup:close': closePopup,
  'off_canvas:open': toggleOffCanvas,
  'off_canvas:close': toggleOffCanvas,
  'off_canvas:toggle': toggleOffCanvas,
  reload: ({ reload }) => reload(),
  'page:reload': ({ reload }) => reload(),
  lightbox: openLightboxAction,
};

/** The actions that reload the page. */
const RELOADS = new Set(['reload', 'page:reload']);

/** Runs one link action; an unknown one is reported and ignored. */
async function runAction(scope: ActionScope, action: LinkAction, source: Element | null): Promise<void> {
  const runner = Object.hasOwn(ACTIONS, action.action) ? ACTIONS[action.action] : undefined;
  if (runner) return runner(scope, action, source);
  logError(null, `unknown link action "${action.action}"; ignored.`);
}

/** The links of the slideshow `link` belongs to (just `link` outside one), and where it is in them. */
function imageLinksOf(doc: Document, link: HTMLAnchorElement) {
  const group = link.dataset.elementorLightboxSlideshow;
  if (!group) return { links: [link], start: 0 };
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('a[data-elementor-lightbox-slideshow]')].filter(
    (a) => a.dataset.elementorLightboxSlideshow === group,
  );
  return { links, start: Math.max(0, links.indexOf(link)) };
}

/** A click on a link: an action hash runs the action; an image link opens the lightbox when asked to. */
function followLink(scope: ActionScope, event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const href = link.getAttribute('href') ?? '';
  const hash = href.slice(href.indexOf('#'));
  if (href.includes(ACTION_PREFIX)) {
    event.preventDefault();
    const action = parseActionHash(hash);
    if (action) void runAction(scope, action, link);
    return;
  }
  if (!IMAGE_LINK.test(link.pathname)) return;
  const own = link.dataset.elementorOpenLightbox;
  if (own === 'no' || (own !== 'yes' && !globalLightbox(scope.doc))) return;
  event.preventDefault();
  const { links, start } = imageLinksOf(scope.doc, link);
  scope.openLightbox(links, start);
}

/**
 * The action in the page address on load, and the theme template to scroll to. The address runs
 * once per load and never reloads the page: a `reload` there would load the same address and run
 * again for ever, so it is reported and skipped.
 */
function runFromAddress(scope: ActionScope, win: Window): void {
  const action = parseActionHash(win.location.hash);
  if (action && RELOADS.has(action.action))
    logError(null, `link action ${action.action}: not run from the page address (it would reload for ever).`);
  else if (action) void runAction(scope, action, null);
  const template = new URLSearchParams(win.location.search).get(THEME_TEMPLATE_PARAM);
  if (template) scope.doc.querySelector(`[data-elementor-id="${CSS.escape(template)}"]`)?.scrollIntoView();
}

/**
 * Shows `links`' images in a modal lightbox from the one at `start`: previous/next buttons and
 * arrow keys with more than one, a counter, a close button (focused after a moment); an image
 * that cannot be loaded says so. The dialog leaves the page when closed. Returns it.
 */
function showLightbox(
  doc: Document,
  links: HTMLAnchorElement[],
  start: number,
  focusLater: (target: HTMLElement) => void,
): HTMLDialogElement {
  adoptStyles(doc, LIGHTBOX_CSS);
  const dialog = doc.createElement('dialog');
  dialog.className = 'shop-lightbox';
  dialog.setAttribute('aria-label', 'Image');
  const figure = doc.createElement('figure');
  figure.className = 'shop-lightbox__figure';
  const image = doc.createElement('img');
  image.className = 'shop-lightbox__image';
  const caption = doc.createElement('figcaption');
  const bar = doc.createElement('div');
  bar.className = 'shop-lightbox__bar';
  const button = (label: string, onClick: () => void) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    return b;
  };
  let index = start;
  const show = (i: number) => {
    index = (i + links.length) % links.length;
    const link = links[index]!;
    const url = safeUrl(link.getAttribute('href'));
    const title = link.dataset.elementorLightboxTitle ?? link.title ?? '';
    caption.replaceChildren(title);
    figure.replaceChildren();
    if (!url) return failed(link);
    image.alt = title || link.querySelector('img')?.alt || '';
    image.onerror = () => failed(link);
    image.src = url;
    figure.append(image, caption);
    counter.textContent = links.length > 1 ? `${index + 1} / ${links.length}` : '';
  };
  // spec §8: 'The image could not be loaded' (with link), or 'The image #n could not be loaded.'
  const failed = (link: HTMLAnchorElement) => {
    const message = doc.createElement('p');
    message.setAttribute('role', 'alert');
    if (links.length > 1) message.textContent = `The image #${index + 1} could not be loaded.`;
    else {
      const a = doc.createElement('a');
      a.textContent = 'The image';
      const url = safeUrl(link.getAttribute('href'));
      if (url) a.href = url;
      message.append(a, ' could not be loaded');
    }
    figure.replaceChildren(message);
  };
  const counter = doc.createElement('span');
  if (links.length > 1)
    bar.append(
      button('Previous', () => show(index - 1)),
      counter,
      button('Next', () => show(index + 1)),
    );
  const close = button('Close', () => dialog.close());
  bar.append(close);
  dialog.append(figure, bar);
  dialog.addEventListener('keydown', (event) => {
    if (links.length < 2) return;
    if (event.key === 'ArrowLeft') show(index - 1);
    if (event.key === 'ArrowRight') show(index + 1);
  });
  dialog.addEventListener('close', () => dialog.remove());
  doc.body.append(dialog);
  show(start);
  dialog.showModal();
  focusLater(close);
  return dialog;
}

/** Installs link actions on `doc`; returns the running behaviour (call once per page). */
export function installLinkActions({
  doc = document,
  clock = pageClock,
  reload = () => doc.defaultView?.location.reload(),
  runAddressHash = true,
}: LinkActionOptions = {}): LinkActions {
  const win = doc.defaultView ?? window;
  let lightbox: HTMLDialogElement | null = null;
  const focusLater = (target: HTMLElement | null | undefined) => {
    if (target) clock.setTimeout(() => target.focus(), OTHER_FOCUS_DELAY_MS);
  };

  const openLightbox = (links: HTMLAnchorElement[], start: number) => {
    lightbox?.close();
    const dialog = showLightbox(doc, links, start, focusLater);
    dialog.addEventListener('close', () => {
      if (lightbox === dialog) lightbox = null;
    });
    lightbox = dialog;
  };

  const scope: ActionScope = { doc, reload, focusLater, openLightbox };
  const run = async (action: LinkAction, source: Element | null = null) => runAction(scope, action, source);
  const onClick = (event: MouseEvent) => followLink(scope, event);
  doc.addEventListener('click', onClick);
  if (runAddressHash) runFromAddress(scope, win);

  return {
    run,
    get lightbox() {
      return lightbox;
    },
    dispose() {
      doc.removeEventListener('click', onClick);
      lightbox?.close();
    },
  };
}

let installed: LinkActions | undefined;
/** The page's link actions, installed on first call. */
export function pageLinkActions(): LinkActions {
  installed ??= installLinkActions();
  return installed;
}

/**
 * Link actions as a page behaviour: the page's instance ({@link pageLinkActions}), once per
 * document; uninstalling disposes of it.
 */
export const installPageLinkActions = definePageBehaviour({
  name: 'link-actions',
  selector: LINK_ACTIONS_SELECTOR,
  scope: 'document',
  install() {
    const actions = pageLinkActions();
    return () => {
      if (installed !== actions) return;
      installed = undefined;
      actions.dispose();
    };
  },
});
