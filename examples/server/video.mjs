// @ts-check
// FAKE video player APIs for the demo shop and the tests (the video page behaviour,
// shared/page/video.ts): the subset of YouTube's IFrame API and of Vimeo's player API that it
// calls, served here so that tests and the demo never reach a provider (no internet). A page points
// the behaviour at them with the page data `video_player_apis` or the behaviour's `apis` option.
//
//   GET /__video/youtube/iframe_api      defines `YT` at once and `YT.Player` a moment later, then
//        calls `window.onYouTubeIframeAPIReady()`, as the real loader does (it loads a second script).
//        `new YT.Player(el, { host, videoId, playerVars })` replaces `el` with an iframe of the fake
//        player page; `stopVideo()`, `destroy()`.
//   GET /__video/vimeo/player.js         `new Vimeo.Player(el, { id | url, dnt, autoplay })` appends
//        the iframe to `el`; `unload()`, `destroy()` (promises).
//   GET /__video/player?provider=&src=   the fake player page the iframes show (same origin).
//
// Every iframe keeps the address the real API would have loaded in `data-provider-src`, and every
// call is written to `window.__fakeVideo.calls` ([name, provider, id]), for the tests.

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 */

export const VIDEO_FAKE_PREFIX = '/__video/';

/** Runs in the page: the fake YouTube IFrame API. */
function fakeYouTube() {
  const w = /** @type {any} */ (window);
  w.__fakeVideo ??= { calls: [] };
  const log = w.__fakeVideo;
  w.YT = { loading: 1, loaded: 0 };
  setTimeout(() => {
    class Player {
      /** @param {HTMLElement} el @param {any} options */
      constructor(el, options) {
        const query = new URLSearchParams({ ...options.playerVars, enablejsapi: '1' });
        const real = `${options.host}/embed/${options.videoId}?${query}`;
        const frame = document.createElement('iframe');
        frame.setAttribute('data-provider-src', real);
        frame.src = `/__video/player?provider=youtube&src=${encodeURIComponent(real)}`;
        frame.width = options.width ?? '640';
        frame.height = options.height ?? '360';
        el.replaceWith(frame);
        this.frame = frame;
        this.id = options.videoId;
        log.calls.push(['Player', 'youtube', options.videoId]);
      }
      stopVideo() {
        log.calls.push(['stopVideo', 'youtube', this.id]);
      }
      destroy() {
        log.calls.push(['destroy', 'youtube', this.id]);
        this.frame.remove();
      }
      getIframe() {
        return this.frame;
      }
    }
    w.YT = { loading: 1, loaded: 1, Player, PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 } };
    w.onYouTubeIframeAPIReady?.();
  }, 20);
}

/** Runs in the page: the fake Vimeo player API. */
function fakeVimeo() {
  const w = /** @type {any} */ (window);
  w.__fakeVideo ??= { calls: [] };
  const log = w.__fakeVideo;
  class Player {
    /** @param {HTMLElement} el @param {any} options */
    constructor(el, options) {
      const id = String(options.id ?? /vimeo\.com\/(\d+)/.exec(options.url ?? '')?.[1] ?? '');
      const query = new URLSearchParams({
        dnt: options.dnt ? '1' : '0',
        autoplay: options.autoplay ? '1' : '0',
      });
      const real = `https://player.vimeo.com/video/${id}?${query}`;
      const frame = document.createElement('iframe');
      frame.setAttribute('data-provider-src', real);
      frame.src = `/__video/player?provider=vimeo&src=${encodeURIComponent(real)}`;
      el.append(frame);
      this.frame = frame;
      this.id = id;
      log.calls.push(['Player', 'vimeo', id]);
    }
    unload() {
      log.calls.push(['unload', 'vimeo', this.id]);
      return Promise.resolve();
    }
    destroy() {
      log.calls.push(['destroy', 'vimeo', this.id]);
      this.frame.remove();
      return Promise.resolve();
    }
  }
  w.Vimeo = { Player };
}

const PLAYER_PAGE = (/** @type {string} */ provider, /** @type {string} */ src) =>
  `<!doctype html><html lang="en"><title>Fake ${provider} player</title><body><p>Fake ${provider} player: ${src
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')}</p></body></html>`;

/** Answers the fake video APIs' requests; false for anything else. @param {Req} req @param {Res} res */
export function handleVideo(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!url.pathname.startsWith(VIDEO_FAKE_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD'))
    return false;
  const route = url.pathname.slice(VIDEO_FAKE_PREFIX.length);
  const script = (/** @type {() => void} */ fn) => {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`(${fn.toString()})();\n`);
    return true;
  };
  if (route === 'youtube/iframe_api') return script(fakeYouTube);
  if (route === 'vimeo/player.js') return script(fakeVimeo);
  if (route === 'player') {
    const provider = url.searchParams.get('provider') === 'vimeo' ? 'Vimeo' : 'YouTube';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(PLAYER_PAGE(provider, url.searchParams.get('src') ?? ''));
    return true;
  }
  return false;
}
