import { openDialog } from '../a11y/dialog.ts';
import { loadScript } from '../chunk-load.ts';
import { type Clock, pageClock } from '../clock.ts';
import { readPageData } from '../stores/page-data.ts';
import { adoptStyles } from '../style-sheets.ts';
import type { BehaviourOptions } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour } from './define-behaviour.ts';

/** The page builder's video widget, and the theme's video links (Flatsome's `a.open-video`). */
export const VIDEO_SELECTOR = '.elementor-widget-video, a.open-video';

/**
 * Videos from YouTube and Vimeo (spec §2 Other "Lightboxes for images, galleries, videos and
 * off-canvas panels"; §7 "Lazy loads … of video player APIs from third-party services"), played
 * through the providers' player APIs, which load only when a video is opened or shown: until a
 * shopper asks for a video, the page makes no request to the provider at all.
 *
 * Markup:
 * - the page builder's video widget, `.elementor-widget-video` with its `data-settings`
 *   (`video_type` `youtube` or `vimeo`, `youtube_url` / `vimeo_url`, `lightbox`, `start`) and
 *   its image overlay `.elementor-custom-embed-image-overlay` (whose `data-elementor-lightbox`
 *   JSON, `{"type":"video","url":…}`, also asks for the lightbox). The overlay becomes a button
 *   ("Play video"; Enter and Space too). With `lightbox: "yes"` it opens the video in a modal
 *   dialog; without, the player takes the overlay's place in the page and gets focus. A widget
 *   without an overlay gets a "Play video" button in its wrapper instead of an embedded player
 *   (the page builder would embed it at once: a request to the provider on every page view);
 * - the theme's video links, `<a class="open-video" href="https://www.youtube.com/watch?v=…">`,
 *   open the video in the dialog;
 * - the page builder's link action `lightbox` with `{"type":"video","url":…}` (link-actions.ts
 *   hands it here).
 *
 * The dialog is the kit's (shared/a11y/dialog.ts: native modal `<dialog>`, named by the link's
 * `title`, the overlay image's `alt`, else "Video"; a Close button; Escape or the backdrop
 * closes). Closing stops the video and removes the player; focus returns to what opened it.
 *
 * YouTube plays from `www.youtube-nocookie.com` (its privacy-enhanced mode) through the IFrame
 * API (`https://www.youtube.com/iframe_api`); Vimeo through its player API
 * (`https://player.vimeo.com/api/player.js`) with `dnt` (do not track). Under a strict CSP the
 * shop allows `frame-src https://www.youtube-nocookie.com https://player.vimeo.com` and
 * `script-src https://www.youtube.com https://player.vimeo.com`. The API addresses can be changed
 * with the page data `video_player_apis` (`{"youtube": url, "vimeo": url}`) or the behaviour's
 * `apis` option (the demo shop and the tests serve fakes). A video that cannot be loaded says so,
 * with a link to it on the provider's site.
 */

export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoRef {
  provider: VideoProvider;
  id: string;
  /** Vimeo's private-link hash. */
  hash?: string;
  /** Where to start, in seconds. */
  start?: number;
  /** The video's page on the provider's site. */
  url: string;
}

/** The providers' player APIs (spec §7), loaded on demand. */
export const VIDEO_APIS: Readonly<Record<VideoProvider, string>> = {
  youtube: 'https://www.youtube.com/iframe_api',
  vimeo: 'https://player.vimeo.com/api/player.js',
};
/** YouTube's privacy-enhanced host (no cookies before the video plays). */
export const YOUTUBE_PRIVATE_HOST = 'https://www.youtube-nocookie.com';

export const VIDEO_MESSAGES = {
  dialog: 'Video',
  play: 'Play video',
  close: 'Close',
  error: 'The video could not be loaded.',
  watch: 'Watch it on {provider}',
};
type VideoMessages = typeof VIDEO_MESSAGES;

export interface VideoOptions extends BehaviourOptions {
  /** The player APIs' addresses (default: the page data `video_player_apis`, else {@link VIDEO_APIS}). */
  apis?: Partial<Record<VideoProvider, string>>;
}

const seconds = (t: string | null): number | undefined => {
  if (!t) return undefined;
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(t);
  if (!m) return undefined;
  const total = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return total > 0 ? total : undefined;
};

/** The provider and id of a YouTube or Vimeo address (watch, short, embed and player forms); null for others. */
export function parseVideoUrl(text: string | null | undefined): VideoRef | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text.trim(), 'https://example.invalid/');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const start = seconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  let id: string | undefined;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v') ?? /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname)?.[1];
  }
  if (id !== undefined) {
    if (!/^[\w-]{6,20}$/.test(id)) return null;
    return { provider: 'youtube', id, start, url: `https://www.youtube.com/watch?v=${id}` };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const m = /^\/(?:video\/)?(\d+)(?:\/([\da-f]+))?/.exec(url.pathname);
    if (!m) return null;
    const hash = m[2] ?? url.searchParams.get('h') ?? undefined;
    return {
      provider: 'vimeo',
      id: m[1],
      hash,
      start,
      url: `https://vimeo.com/${m[1]}${hash ? `/${hash}` : ''}`,
    };
  }
  return null;
}

/** The API addresses: the option, else the page's `video_player_apis`, else the providers'. */
function apiUrls(
  doc: Document,
  given?: Partial<Record<VideoProvider, string>>,
): Record<VideoProvider, string> {
  const page = readPageData('video_player_apis', doc);
  const fromPage = page && typeof page === 'object' ? (page as Record<string, unknown>) : {};
  const pick = (p: VideoProvider) =>
    given?.[p] ?? (typeof fromPage[p] === 'string' ? (fromPage[p] as string) : VIDEO_APIS[p]);
  return { youtube: pick('youtube'), vimeo: pick('vimeo') };
}

// The two APIs' shapes, as far as they are used here.
interface YouTubePlayer {
  stopVideo(): void;
  destroy(): void;
}
interface YouTubeApi {
  Player: new (
    el: HTMLElement,
    options: {
      host: string;
      videoId: string;
      width?: string;
      height?: string;
      playerVars: Record<string, string | number>;
      events?: Record<string, (event: { target: unknown }) => void>;
    },
  ) => YouTubePlayer;
}
interface VimeoPlayer {
  unload(): Promise<void>;
  destroy(): Promise<void>;
}
interface VimeoApi {
  Player: new (el: HTMLElement, options: Record<string, unknown>) => VimeoPlayer;
}
type ApiWindow = Window & {
  YT?: YouTubeApi & { loaded?: number };
  Vimeo?: VimeoApi;
  onYouTubeIframeAPIReady?: () => void;
};

let youtubeReady: Promise<YouTubeApi> | undefined;

/** Loads YouTube's IFrame API once (it loads a script of its own, then calls `onYouTubeIframeAPIReady`). */
function loadYouTube(win: ApiWindow, url: string, clock: Clock): Promise<YouTubeApi> {
  if (win.YT?.Player && win.YT.loaded !== 0) return Promise.resolve(win.YT);
  youtubeReady ??= new Promise<YouTubeApi>((resolve, reject) => {
    const before = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      before?.();
      if (win.YT?.Player) resolve(win.YT);
    };
    loadScript('video-youtube', url, { document: win.document, clock }).catch((error: unknown) => {
      youtubeReady = undefined;
      reject(error);
    });
  });
  return youtubeReady;
}

/** Loads Vimeo's player API once. */
async function loadVimeo(win: ApiWindow, url: string, clock: Clock): Promise<VimeoApi> {
  if (win.Vimeo?.Player) return win.Vimeo;
  await loadScript('video-vimeo', url, { document: win.document, clock, check: () => !!win.Vimeo?.Player });
  return win.Vimeo as VimeoApi;
}

/** A playing video: `stop()` stops it and removes its player. */
interface Player {
  stop(): void;
}

/**
 * Plays `ref` in `holder` (an element of its own inside it is replaced by the player's iframe),
 * loading the provider's API first. Resolves with the player, or null when `cancelled()` turned
 * true meanwhile.
 */
async function play(
  holder: HTMLElement,
  ref: VideoRef,
  title: string,
  apis: Record<VideoProvider, string>,
  clock: Clock,
  cancelled: () => boolean,
): Promise<Player | null> {
  const doc = holder.ownerDocument;
  const win = doc.defaultView as ApiWindow;
  const target = doc.createElement('div');
  holder.replaceChildren(target);
  const named = () => {
    const frame = holder.querySelector('iframe');
    if (frame) {
      frame.title = title;
      frame.allow = 'autoplay; fullscreen; picture-in-picture';
    }
    return frame;
  };
  if (ref.provider === 'youtube') {
    const YT = await loadYouTube(win, apis.youtube, clock);
    if (cancelled()) return null;
    const player = new YT.Player(target, {
      host: YOUTUBE_PRIVATE_HOST,
      videoId: ref.id,
      width: '100%',
      height: '100%',
      playerVars: { autoplay: 1, rel: 0, playsinline: 1, ...(ref.start ? { start: ref.start } : {}) },
    });
    named();
    return {
      stop() {
        try {
          player.stopVideo();
        } catch {
          // not ready yet: destroying it stops it too
        }
        player.destroy();
        holder.replaceChildren();
      },
    };
  }
  const Vimeo = await loadVimeo(win, apis.vimeo, clock);
  if (cancelled()) return null;
  const player = new Vimeo.Player(target, {
    ...(ref.hash ? { url: `https://vimeo.com/${ref.id}/${ref.hash}` } : { id: Number(ref.id) }),
    dnt: true,
    autoplay: true,
    responsive: true,
    title,
  });
  named();
  return {
    stop() {
      void player
        .unload()
        .catch(() => {})
        .then(() => player.destroy())
        .catch(() => {});
      holder.replaceChildren();
    },
  };
}

/** What a failed load shows: the message and a link to the video on the provider's site. */
function failure(holder: HTMLElement, ref: VideoRef, messages: VideoMessages): void {
  const doc = holder.ownerDocument;
  const text = doc.createElement('p');
  text.className = 'shop-video__error';
  text.setAttribute('role', 'alert');
  text.textContent = `${messages.error} `;
  const link = doc.createElement('a');
  link.href = ref.url;
  link.rel = 'noopener';
  link.target = '_blank';
  link.textContent = messages.watch.replace('{provider}', ref.provider === 'youtube' ? 'YouTube' : 'Vimeo');
  text.append(link);
  holder.replaceChildren(text);
}

const CSS = `
.shop-video-dialog{box-sizing:border-box;inline-size:min(60rem,calc(100vw - 2rem));padding:0;border:0;background:#000;color:#fff;overflow:visible}
.shop-video-dialog::backdrop{background:rgb(0 0 0/.85)}
.shop-video-dialog__close{position:absolute;inset-block-end:100%;inset-inline-end:0;min-inline-size:2.75rem;min-block-size:2.75rem;border:0;background:transparent;color:#fff;font-size:1.75rem;cursor:pointer}
.shop-video__frame{aspect-ratio:16/9;inline-size:100%}
.shop-video__frame iframe{display:block;inline-size:100%;block-size:100%;border:0}
.shop-video__error{margin:0;padding:1rem}
.shop-video__error a{color:inherit}
.shop-video-dialog :focus-visible,.shop-video-play:focus-visible{outline:2px solid var(--shop-color-focus,#1a73e8);outline-offset:2px}
`;

interface OpenOptions {
  title?: string;
  opener?: HTMLElement | null;
  apis?: Partial<Record<VideoProvider, string>>;
  clock?: Clock;
  messages?: VideoMessages;
  onClose?: () => void;
}

/**
 * Opens `ref` in a modal dialog (see the module's comment) and starts it once the provider's API
 * has loaded; closing stops it. Returns the open dialog.
 */
export function openVideoDialog(doc: Document, ref: VideoRef, options: OpenOptions = {}): HTMLDialogElement {
  const messages = options.messages ?? VIDEO_MESSAGES;
  const clock = options.clock ?? pageClock;
  adoptStyles(doc, CSS);
  const frame = doc.createElement('div');
  frame.className = 'shop-video__frame';
  const title = options.title?.trim() || messages.dialog;
  let player: Player | null = null;
  let closed = false;
  const dialog = openDialog({
    doc,
    className: 'shop-video-dialog',
    label: title,
    closeButton: { label: messages.close, className: 'shop-video-dialog__close' },
    content: [frame],
    opener: options.opener,
    onClose: () => {
      closed = true;
      player?.stop();
      player = null;
      options.onClose?.();
    },
  });
  play(frame, ref, title, apiUrls(doc, options.apis), clock, () => closed).then(
    (started) => {
      player = started;
    },
    () => {
      if (!closed) failure(frame, ref, messages);
    },
  );
  return dialog;
}

/**
 * The link action `lightbox` with `{"type":"video","url":…}` (link-actions.ts): opens the video
 * in the dialog; an address that is not a YouTube or Vimeo video is ignored (false).
 */
export function openVideoLightbox(
  doc: Document,
  settings: Record<string, unknown>,
  opener?: Element | null,
): boolean {
  const ref = parseVideoUrl(typeof settings.url === 'string' ? settings.url : null);
  if (!ref) return false;
  openVideoDialog(doc, ref, {
    title: typeof settings.title === 'string' ? settings.title : undefined,
    opener: opener instanceof HTMLElement ? opener : null,
  });
  return true;
}

/** The widget's video: its overlay's lightbox URL, else its settings' URL for its `video_type`. */
function widgetVideo(settings: Record<string, unknown>, overlay: HTMLElement | null): VideoRef | null {
  const type = settings.video_type ?? 'youtube';
  if (type !== 'youtube' && type !== 'vimeo') return null; // hosted and others: no provider
  let ref = parseVideoUrl(settings[`${type}_url`] as string | undefined);
  const box = overlay?.getAttribute('data-elementor-lightbox');
  if (!ref && box) {
    try {
      ref = parseVideoUrl((JSON.parse(box) as { url?: string }).url);
    } catch {
      // the settings' URL decides
    }
  }
  const start = Number(settings.start);
  if (ref && !ref.start && Number.isFinite(start) && start > 0) ref.start = start;
  return ref;
}

/** Installs the videos under the root (and those added later). */
export const installVideos = definePageBehaviour({
  name: 'video',
  selector: VIDEO_SELECTOR,
  messages: VIDEO_MESSAGES,
  install(_root, context: BehaviourContext<VideoMessages, VideoOptions>) {
    const { document: doc, clock, messages } = context;
    const apis = () => apiUrls(doc, context.options.apis);
    const players = new Set<Player>();
    const added: Element[] = [];
    const dialogs = new Set<HTMLDialogElement>();

    const openIn = (ref: VideoRef, title: string | undefined, opener: HTMLElement) => {
      const dialog = openVideoDialog(doc, ref, {
        title,
        opener,
        apis: context.options.apis,
        clock,
        messages,
        onClose: () => dialogs.delete(dialog),
      });
      dialogs.add(dialog);
    };

    /** The overlay (or our button) as a button that plays the video. */
    const asButton = (trigger: HTMLElement, run: () => void) => {
      if (!(trigger instanceof HTMLButtonElement)) {
        context.keep(trigger, 'role', 'tabindex', 'aria-label');
        trigger.setAttribute('role', 'button');
        trigger.tabIndex = 0;
        trigger.setAttribute('aria-label', messages.play);
        // Its play icon is often a role=button of its own: one button, not two nested.
        for (const inner of trigger.querySelectorAll<HTMLElement>('[role="button"], [tabindex]')) {
          context.keep(inner, 'role', 'tabindex', 'aria-label');
          inner.removeAttribute('role');
          inner.removeAttribute('tabindex');
          inner.removeAttribute('aria-label');
        }
        for (const img of trigger.querySelectorAll('img')) {
          context.keep(img, 'alt');
          img.alt = '';
        }
      }
      context.on(trigger, 'click', (event) => {
        event.preventDefault();
        run();
      });
      context.on(trigger, 'keydown', (event) => {
        if (trigger instanceof HTMLButtonElement || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        run();
      });
    };

    /** Plays inline in place of the trigger; focus goes to the player. */
    const playInline = (wrapper: HTMLElement, trigger: HTMLElement, ref: VideoRef, title: string) => {
      let holder = wrapper.querySelector<HTMLElement>('.elementor-video');
      if (!holder) {
        holder = doc.createElement('div');
        wrapper.prepend(holder);
        added.push(holder);
      }
      const frame = doc.createElement('div');
      frame.className = 'shop-video__frame';
      holder.replaceChildren(frame);
      context.keep(trigger, 'hidden');
      trigger.hidden = true;
      play(frame, ref, title, apis(), clock, () => false).then(
        (player) => {
          if (!player) return;
          players.add(player);
          frame.querySelector('iframe')?.focus();
        },
        () => failure(frame, ref, messages),
      );
    };

    context.each('.elementor-widget-video', (widget) => {
      let settings: Record<string, unknown> = {};
      const text = widget.getAttribute('data-settings');
      if (text) {
        try {
          const parsed: unknown = JSON.parse(text);
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
            settings = parsed as Record<string, unknown>;
          else throw new TypeError('not an object');
        } catch {
          context.report('data-settings is not valid JSON (an object); the video is left as printed.');
          return;
        }
      }
      const overlay = widget.querySelector<HTMLElement>('.elementor-custom-embed-image-overlay');
      const ref = widgetVideo(settings, overlay);
      if (!ref) return;
      const title = overlay?.querySelector('img')?.alt.trim() || messages.dialog;
      const lightbox =
        settings.lightbox === 'yes' || overlay?.hasAttribute('data-elementor-lightbox') === true;
      const wrapper =
        widget.querySelector<HTMLElement>('.elementor-wrapper') ??
        widget.querySelector<HTMLElement>('.elementor-widget-container') ??
        widget;
      let trigger = overlay;
      if (!trigger) {
        const button = doc.createElement('button');
        button.type = 'button';
        button.className = 'shop-video-play';
        button.textContent = messages.play;
        wrapper.append(button);
        added.push(button);
        trigger = button;
      }
      const own = trigger;
      asButton(own, () => (lightbox ? openIn(ref, title, own) : playInline(wrapper, own, ref, title)));
    });

    context.each<HTMLAnchorElement>('a.open-video', (link) => {
      const ref = parseVideoUrl(link.getAttribute('href'));
      if (!ref) return; // not a YouTube or Vimeo address: the link stays a link
      context.on(link, 'click', (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        openIn(ref, link.title || undefined, link);
      });
    });

    return () => {
      for (const dialog of dialogs) dialog.close();
      for (const player of players) player.stop();
      for (const el of added) el.remove();
    };
  },
});
