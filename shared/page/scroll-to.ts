import {
  type BehaviourOptions,
  clockOf,
  documentOf,
  enhanceNowAndLater,
  installOnce,
  type PageRoot,
  prefersReducedMotion,
  within,
} from './behaviour.ts';
import { type Tween, tween } from './tween.ts';

export { SCROLL_TO_SELECTOR } from './selectors.ts';

/**
 * Scroll-to bullets and in-page anchor links (spec §2 Other; §9 Theme "Scroll animation
 * 1000 ms").
 *
 * Markup:
 *
 *   <span class="scroll-to" id="features" data-title="Features" data-bullet="true"></span>
 *     (Flatsome prints `data-link="#features"` and an `<a name="features">` inside: also accepted)
 *   <a href="#features">See the features</a>
 *
 * - Every `.scroll-to` marker with `data-bullet="true"` gets a bullet in one generated
 *   `<nav class="scroll-to-bullets" aria-label="Sections">` (appended to the body, or to the
 *   root when that is an element): a link to the marker named by its `data-title`. The bullet of
 *   the section being read (the last marker above the middle of the viewport) has
 *   `aria-current="true"`.
 * - A click on a link to an element of this page (`href="#id"`, or this page's address with a
 *   hash) scrolls there over 1000 ms (at once under reduced motion), honouring the target's
 *   `scroll-margin-top` and the page's `scroll-padding-top` (room for a sticky header); focus
 *   moves to the target (given `tabindex="-1"` when it is not focusable) and the address gets the
 *   hash (`history.pushState`, so Back returns, then a `hashchange` event, so a tab or accordion
 *   item the hash names opens before the scroll). A wheel, touch or key press stops the animation.
 * - Left alone: links another behaviour owns (tabs, accordion titles, anything with `role="tab"`
 *   or `role="button"` or `aria-controls`, `.back-to-top`, `[data-no-scroll]`), clicks already
 *   handled (`defaultPrevented`), modified clicks, and hashes that name nothing on the page.
 */

/** spec §9 Theme: scroll animation 1000 ms. */
export const SCROLL_MS = 1000;
const NOT_OURS =
  '[role="tab"], [role="button"], [aria-controls], .back-to-top, .accordion-title, [data-no-scroll]';

const installed = new WeakMap<PageRoot, () => void>();

const idFromHash = (hash: string): string => {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
};

/** The element a hash names on the page: by id, else an `<a name>` (old-style anchors). */
export function hashTarget(doc: Document, hash: string): HTMLElement | null {
  const id = idFromHash(hash);
  if (!id) return null;
  const byId = doc.getElementById(id);
  if (byId) return byId;
  const [named] = doc.getElementsByName(id);
  return named instanceof HTMLAnchorElement ? named : null;
}

const px = (value: string) => {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
};

/** Installs the bullets and the in-page link scrolling under the root. */
export function installScrollTo(root: PageRoot = document, options: BehaviourOptions = {}): () => void {
  return installOnce(installed, root, () => {
    const clock = clockOf(options);
    const doc = documentOf(root);
    const win = doc.defaultView ?? window;
    let running: Tween | undefined;
    let nav: HTMLElement | undefined;
    const bullets = new Map<HTMLElement, HTMLAnchorElement>(); // marker -> bullet

    const addBullets = (node: PageRoot) => {
      for (const marker of within(node, '.scroll-to[data-bullet="true"]')) {
        if (bullets.has(marker)) continue;
        const hash = marker.dataset.link ?? (marker.id ? `#${marker.id}` : '');
        const title = marker.dataset.title?.trim();
        if (!hash.startsWith('#') || !title) {
          console.error(
            'storefront elements: a scroll-to bullet needs an id (or data-link="#id") and a data-title.',
            marker,
          );
          continue;
        }
        if (!nav) {
          nav = doc.createElement('nav');
          nav.className = 'scroll-to-bullets';
          nav.setAttribute('aria-label', 'Sections');
          nav.append(doc.createElement('ul'));
          (root instanceof Element ? root : doc.body).append(nav);
        }
        const item = doc.createElement('li');
        const link = doc.createElement('a');
        link.href = hash;
        const label = doc.createElement('span');
        label.className = 'scroll-to-bullet-title';
        label.textContent = title;
        link.append(label);
        item.append(link);
        nav.firstElementChild?.append(item);
        bullets.set(marker, link);
      }
      markCurrent();
    };

    const markCurrent = () => {
      let current: HTMLAnchorElement | undefined;
      for (const [marker, link] of bullets)
        if (marker.isConnected && marker.getBoundingClientRect().top <= win.innerHeight / 2) current = link;
      for (const link of bullets.values()) {
        if (link === current) link.setAttribute('aria-current', 'true');
        else link.removeAttribute('aria-current');
      }
    };

    const stop = () => {
      running?.stop();
      running = undefined;
    };

    /**
     * Records the hash, then scrolls to `target` (smoothly unless reduced motion) and focuses it.
     * The hash goes in with `pushState` (no jump) followed by a `hashchange` event, so that what
     * listens for the hash (a tab or an accordion item it names) opens first and the scroll
     * lands where the opened content is.
     */
    const scrollToTarget = (target: HTMLElement, hash: string) => {
      stop();
      if (win.location.hash !== hash) {
        const oldURL = win.location.href;
        win.history.pushState(win.history.state, '', hash);
        win.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: win.location.href }));
      }
      if (target.getClientRects().length === 0) return; // still hidden: nothing to scroll to
      const margin =
        px(getComputedStyle(target).scrollMarginTop) +
        px(getComputedStyle(doc.documentElement).scrollPaddingTop);
      const max = doc.documentElement.scrollHeight - win.innerHeight;
      const from = win.scrollY;
      const to = Math.max(0, Math.min(max, target.getBoundingClientRect().top + from - margin));
      if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.tabIndex = -1;
      target.focus({ preventScroll: true });
      if (prefersReducedMotion(options) || from === to) {
        win.scrollTo({ top: to, behavior: 'instant' });
        return;
      }
      running = tween(
        clock,
        SCROLL_MS,
        (p) => win.scrollTo({ top: from + (to - from) * p, behavior: 'instant' }),
        () => {
          running = undefined;
        },
      );
    };

    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link || !root.contains(link) || link.matches(NOT_OURS) || !link.hash || link.hash === '#') return;
      const here = win.location;
      if (link.origin !== here.origin || link.pathname !== here.pathname || link.search !== here.search)
        return;
      const target = hashTarget(doc, link.hash);
      if (!target) return;
      event.preventDefault();
      scrollToTarget(target, link.hash);
    };

    const stopWatching = enhanceNowAndLater(root, addBullets);
    root.addEventListener('click', onClick as EventListener);
    win.addEventListener('scroll', markCurrent, { passive: true });
    for (const type of ['wheel', 'touchstart', 'keydown'] as const)
      win.addEventListener(type, stop, { passive: true });
    return () => {
      stop();
      stopWatching();
      root.removeEventListener('click', onClick as EventListener);
      win.removeEventListener('scroll', markCurrent);
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) win.removeEventListener(type, stop);
      nav?.remove();
    };
  });
}
