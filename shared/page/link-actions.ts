import { type Clock, pageClock } from '../clock.ts';
import { logError } from '../log.ts';
import { readPageData } from '../stores/page-data.ts';
import { adoptStyles } from '../style-sheets.ts';
import { safeUrl } from '../url.ts';

export { LINK_ACTIONS_SELECTOR } from './selectors.ts';

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

/** Decodes an action hash; null when `hash` is none or is damaged. */
export function parseActionHash(hash: string): LinkAction | null {
  let text = hash;
  try {
    text = decodeURIComponent(hash);
  } catch {
    return null;
  }
  if (!text.startsWith(`${ACTION_PREFIX}:`)) return null;
  const params = new URLSearchParams(text.slice(ACTION_PREFIX.length + 1));
  const action = params.get('action');
  if (!action) return null;
  let settings: Record<string, unknown> = {};
  const encoded = params.get('settings');
  if (encoded) {
    try {
      const parsed: unknown = JSON.parse(atob(encoded.replace(/-/g, '+').replace(/_/g, '/')));
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
.shop-lightbox { max-width: min(90vw, 80rem); padding: 0; border: 0; background: transparent; color: #fff; }
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

  const popupsWithId = (id: string) =>
    [...doc.querySelectorAll<PopupLike>('shop-popup')].filter(
      (el) => (el.settings?.popup_id || el.id) === id || el.id === id,
    );

  const offCanvas = (id: string) => {
    const el =
      doc.getElementById(`off-canvas-${id}`) ?? doc.querySelector(`[data-off-canvas="${CSS.escape(id)}"]`);
    return el instanceof HTMLDialogElement ? el : null;
  };

  const openLightbox = (links: HTMLAnchorElement[], start: number) => {
    lightbox?.close();
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
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (lightbox === dialog) lightbox = null;
    });
    doc.body.append(dialog);
    show(start);
    dialog.showModal();
    lightbox = dialog;
    focusLater(close);
  };

  const imageLinksOf = (link: HTMLAnchorElement) => {
    const group = link.dataset.elementorLightboxSlideshow;
    if (!group) return { links: [link], start: 0 };
    const links = [...doc.querySelectorAll<HTMLAnchorElement>('a[data-elementor-lightbox-slideshow]')].filter(
      (a) => a.dataset.elementorLightboxSlideshow === group,
    );
    return { links, start: Math.max(0, links.indexOf(link)) };
  };

  const run = async ({ action, settings }: LinkAction, source: Element | null = null) => {
    const id = String(settings.id ?? '');
    switch (action) {
      case 'popup:open': {
        if (!customElements.get('shop-popup')) await customElements.whenDefined('shop-popup');
        for (const popup of popupsWithId(id)) {
          const open = popup.shadowRoot?.querySelector('dialog')?.open;
          if (settings.toggle && open) popup.close();
          else popup.open();
        }
        return;
      }
      case 'popup:close': {
        const own = source?.closest<PopupLike>('shop-popup');
        const targets = own ? [own] : [...doc.querySelectorAll<PopupLike>('shop-popup')];
        for (const popup of targets) popup.close({ doNotShowAgain: settings.do_not_show_again === true });
        return;
      }
      case 'off_canvas:open':
      case 'off_canvas:close':
      case 'off_canvas:toggle': {
        const panel = offCanvas(id);
        if (!panel)
          return logError(
            null,
            `link action ${action}: no off-canvas "${id}" (a <dialog id="off-canvas-${id}">).`,
          );
        const open = action === 'off_canvas:open' || (action === 'off_canvas:toggle' && !panel.open);
        if (open && !panel.open) {
          panel.showModal();
          focusLater(
            panel.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex]') ?? panel,
          );
        } else if (!open && panel.open) panel.close();
        return;
      }
      case 'reload':
      case 'page:reload':
        return reload();
      case 'lightbox': {
        if (typeof settings.slideshow === 'string') {
          const links = [
            ...doc.querySelectorAll<HTMLAnchorElement>('a[data-elementor-lightbox-slideshow]'),
          ].filter((a) => a.dataset.elementorLightboxSlideshow === settings.slideshow);
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
        return;
      }
      default:
        logError(null, `unknown link action "${action}"; ignored.`);
    }
  };

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const href = link.getAttribute('href') ?? '';
    const hash = href.slice(href.indexOf('#'));
    if (href.includes(ACTION_PREFIX)) {
      event.preventDefault();
      const action = parseActionHash(hash);
      if (action) void run(action, link);
      return;
    }
    if (!IMAGE_LINK.test(link.pathname)) return;
    const own = link.dataset.elementorOpenLightbox;
    if (own === 'no' || (own !== 'yes' && !globalLightbox(doc))) return;
    event.preventDefault();
    const { links, start } = imageLinksOf(link);
    openLightbox(links, start);
  };
  doc.addEventListener('click', onClick);

  if (runAddressHash) {
    const action = parseActionHash(win.location.hash);
    if (action) void run(action);
    const template = new URLSearchParams(win.location.search).get(THEME_TEMPLATE_PARAM);
    if (template) doc.querySelector(`[data-elementor-id="${CSS.escape(template)}"]`)?.scrollIntoView();
  }

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

/** Link actions in the page-behaviour shape (`install(root) => uninstall`); the page's instance. */
export function installPageLinkActions(_root: Document | Element = document): () => void {
  const actions = pageLinkActions();
  return () => {
    if (installed !== actions) return;
    installed = undefined;
    actions.dispose();
  };
}
