import type { PageRoot } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';
import { scrollWindowTo } from './scroll-window.ts';

/** Markup that asks for it: a marker, or an in-page link (other than back-to-top's own). */
export const SCROLL_TO_SELECTOR = '.scroll-to, a[href^="#"]:not([href="#"]):not(.back-to-top)';

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

const NOT_OURS =
  '[role="tab"], [role="button"], [aria-controls], .back-to-top, .accordion-title, [data-no-scroll]';

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

/** A bullet: `<li><a href="{hash}"><span class="scroll-to-bullet-title">{title}</span></a></li>`; returns the link. */
function bullet(doc: Document, hash: string, title: string): HTMLAnchorElement {
  const item = doc.createElement('li');
  const link = doc.createElement('a');
  link.href = hash;
  const label = doc.createElement('span');
  label.className = 'scroll-to-bullet-title';
  label.textContent = title;
  link.append(label);
  item.append(link);
  return link;
}

/**
 * Puts `hash` in the address with `pushState` (no jump), then says so with a `hashchange` event,
 * so that what listens for the hash (a tab or an accordion item it names) opens first.
 */
function pushHash(win: Window, hash: string): void {
  if (win.location.hash === hash) return;
  const oldURL = win.location.href;
  win.history.pushState(win.history.state, '', hash);
  win.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: win.location.href }));
}

/** The in-page link of this page under `root` that a plain primary click followed, if any. */
function inPageLink(event: MouseEvent, root: PageRoot, here: Location): HTMLAnchorElement | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return null;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || !root.contains(link) || link.matches(NOT_OURS) || !link.hash || link.hash === '#') return null;
  return link.origin === here.origin && link.pathname === here.pathname && link.search === here.search
    ? link
    : null;
}

/** Installs the bullets and the in-page link scrolling under the root. */
export const installScrollTo = definePageBehaviour({
  name: 'scroll-to',
  selector: SCROLL_TO_SELECTOR,
  messages: { sections: 'Sections' },
  install(root, context) {
    const doc = context.document;
    const win = context.window;
    let nav: HTMLElement | undefined;
    const bullets = new Map<HTMLElement, HTMLAnchorElement>(); // marker -> bullet

    /** Adds the bullet of a marker (each marker once), and marks the current one. */
    const addBullet = (marker: HTMLElement) => {
      if (bullets.has(marker)) return;
      const hash = marker.dataset.link ?? (marker.id ? `#${marker.id}` : '');
      const title = marker.dataset.title?.trim();
      if (!hash.startsWith('#') || !title) {
        console.error(
          'storefront elements: a scroll-to bullet needs an id (or data-link="#id") and a data-title.',
          marker,
        );
        return;
      }
      if (!nav) {
        nav = doc.createElement('nav');
        nav.className = 'scroll-to-bullets';
        nav.setAttribute('aria-label', context.messages.sections);
        nav.append(doc.createElement('ul'));
        (root instanceof Element ? root : doc.body).append(nav);
      }
      const link = bullet(doc, hash, title);
      nav.firstElementChild?.append(link.parentElement as HTMLElement);
      bullets.set(marker, link);
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

    let stop = () => {};

    /**
     * Records the hash, then focuses `target` and scrolls to it (scrollWindowTo: smoothly unless
     * reduced motion, a wheel, touch or key stops it). The hash goes in with `pushState` (no jump)
     * followed by a `hashchange` event, so that what listens for the hash (a tab or an accordion
     * item it names) opens first and the scroll lands where the opened content is.
     */
    const scrollToTarget = (target: HTMLElement, hash: string) => {
      stop();
      pushHash(win, hash);
      if (target.getClientRects().length === 0) return; // still hidden: nothing to scroll to
      if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.tabIndex = -1;
      target.focus({ preventScroll: true });
      stop = scrollWindowTo(target, context.options);
    };

    const onClick = (event: MouseEvent) => {
      const link = inPageLink(event, root, win.location);
      const target = link && hashTarget(doc, link.hash);
      if (!target) return;
      event.preventDefault();
      scrollToTarget(target, link.hash);
    };

    context.each('.scroll-to[data-bullet="true"]', addBullet);
    context.on(root, 'click', onClick);
    context.on(win, 'scroll', markCurrent, { passive: true });
    return () => {
      stop();
      nav?.remove();
    };
  },
});
