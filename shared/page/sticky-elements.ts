import { jsonObject } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';
import { type DeviceMode, deviceList, deviceMode } from './device-mode.ts';

/** Page-builder elements with a sticky setting (`"sticky":"top"` or `"bottom"` in `data-settings`). */
export const STICKY_ELEMENT_SELECTOR = '[data-settings*=\'"sticky"\']';
/** The theme's sticky sidebar columns (Flatsome's "sticky sidebar"). */
export const STICKY_SIDEBAR_SELECTOR = '.is-sticky-column';

/** spec §9 Popups, menu: "Sticky reactivate debounce 300 ms" (after the window is resized). */
export const STICKY_REACTIVATE_MS = 300;
/** spec §9 Theme: "Sticky sidebar offset is sticky height plus 30". */
export const STICKY_SIDEBAR_GAP = 30;

interface StickySettings {
  side: 'top' | 'bottom';
  on: DeviceMode[];
  offset: Record<DeviceMode, number>;
  effectsOffset: number;
}

const px = (v: unknown): number | undefined => {
  const raw = v && typeof v === 'object' && 'size' in v ? (v as { size: unknown }).size : v;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** The sticky settings of a `data-settings` text; null when it is not a JSON object. */
export function stickySettings(text: string | null): StickySettings | null {
  const o = jsonObject(text);
  if (!o) return null;
  const desktop = px(o.sticky_offset) ?? 0;
  const tablet = px(o.sticky_offset_tablet) ?? desktop;
  return {
    side: o.sticky === 'bottom' ? 'bottom' : 'top',
    on: deviceList(o.sticky_on),
    offset: { desktop, tablet, mobile: px(o.sticky_offset_mobile) ?? tablet },
    effectsOffset: px(o.sticky_effects_offset) ?? 0,
  };
}

/**
 * Sticky elements of the page builder (spec §4 "Sticky element: inactive or active, depending on
 * device mode"; §9 "Sticky reactivate debounce 300 ms"), as its sticky module does:
 *
 *   <div class="elementor-element e-con" data-settings='{"sticky":"top","sticky_on":["desktop","tablet"],
 *        "sticky_offset":10,"sticky_effects_offset":120}'>…</div>
 *
 * On a device mode listed in `sticky_on` (all three when absent; the mode is the page's, see
 * device-mode.ts) the element is active (`elementor-sticky`): once the page scrolls it past its
 * place it is fixed `sticky_offset` px (`_tablet`, `_mobile` per mode) from the top (or, with
 * `"sticky":"bottom"`, the bottom) of the viewport, with `elementor-sticky--active`, and a spacer
 * of its size keeps its place in the flow; past `sticky_effects_offset` px of scrolling it also
 * gets `elementor-sticky--effects` (the page styles that, e.g. a smaller header). On another mode
 * it is inactive: in the flow, none of these. A resize reactivates every element (reads the mode
 * and measures anew) 300 ms after the last resize event. A `data-settings` that is not JSON is
 * reported once and the element left alone.
 */
export const installStickyElements = definePageBehaviour({
  name: 'sticky-element',
  selector: STICKY_ELEMENT_SELECTOR,
  install(_root, context) {
    const { clock, window: win, document: doc } = context;
    interface Sticky {
      el: HTMLElement;
      settings: StickySettings;
      active: boolean;
      spacer?: HTMLElement;
      /** Where its box starts in the document while in the flow. */
      top: number;
      height: number;
    }
    const stickies: Sticky[] = [];

    const unstick = (s: Sticky) => {
      s.spacer?.remove();
      s.spacer = undefined;
      for (const p of ['position', 'top', 'bottom', 'inset-inline-start', 'inline-size', 'z-index'])
        s.el.style.removeProperty(p);
      s.el.classList.remove('elementor-sticky--active', 'elementor-sticky--effects');
    };
    const measure = (s: Sticky) => {
      const box = s.el.getBoundingClientRect();
      s.top = box.top + win.scrollY;
      s.height = box.height;
    };
    const update = (s: Sticky) => {
      if (!s.active) return;
      const offset = s.settings.offset[deviceMode(win)];
      const y = win.scrollY;
      const past =
        s.settings.side === 'top' ? y + offset > s.top : s.top + s.height > y + win.innerHeight - offset;
      if (past && !s.spacer) {
        const box = s.el.getBoundingClientRect();
        const spacer = doc.createElement('div');
        spacer.className = 'elementor-sticky__spacer';
        spacer.setAttribute('aria-hidden', 'true');
        spacer.style.blockSize = `${box.height}px`;
        s.el.before(spacer);
        s.spacer = spacer;
        s.el.style.position = 'fixed';
        s.el.style.setProperty(s.settings.side, `${offset}px`);
        s.el.style.setProperty('inset-inline-start', `${box.left}px`);
        s.el.style.setProperty('inline-size', `${box.width}px`);
        s.el.style.setProperty('z-index', '99');
        s.el.classList.add('elementor-sticky--active');
      } else if (!past && s.spacer) {
        unstick(s);
      }
      s.el.classList.toggle('elementor-sticky--effects', !!s.spacer && y >= s.settings.effectsOffset);
    };
    /** Deactivates, then activates where the device mode is listed (spec §4). */
    const reactivate = (s: Sticky) => {
      unstick(s);
      s.active = s.settings.on.includes(deviceMode(win));
      s.el.classList.toggle('elementor-sticky', s.active);
      if (!s.active) return;
      measure(s);
      update(s);
    };

    context.each(STICKY_ELEMENT_SELECTOR, (el) => {
      if (stickies.some((s) => s.el === el)) return;
      const settings = stickySettings(el.getAttribute('data-settings'));
      if (!settings) {
        context.report('data-settings is not valid JSON (an object); the element is not made sticky.');
        return;
      }
      if (!el.getAttribute('data-settings')?.match(/"sticky"\s*:\s*"(top|bottom)"/)) return;
      context.keep(el, 'class', 'style');
      const s: Sticky = { el, settings, active: false, top: 0, height: 0 };
      stickies.push(s);
      reactivate(s);
    });

    let timer: unknown;
    context.on(
      win,
      'scroll',
      () => {
        for (const s of stickies) update(s);
      },
      { passive: true },
    );
    context.on(win, 'resize', () => {
      clock.clearTimeout(timer);
      timer = clock.setTimeout(() => {
        timer = undefined;
        for (const s of stickies) reactivate(s);
      }, STICKY_REACTIVATE_MS);
    });
    return () => {
      clock.clearTimeout(timer);
      for (const s of stickies) s.spacer?.remove();
    };
  },
});

/**
 * The theme's sticky sidebar (spec §9 Theme "Sticky sidebar offset is sticky height plus 30"):
 * a column `.is-sticky-column` (Flatsome's "sticky sidebar") stays in view while the content
 * beside it scrolls, `position: sticky` (styles/theme.css, from 850 px wide), its top at the
 * sticky header's height plus 30 px: the bar of `.header.has-sticky` / `[data-sticky-header]`
 * (its `.header-wrapper`), as tall as it is stuck (after a shrink too, followed with a
 * ResizeObserver); 30 px without a sticky header. The offset is the custom property
 * `--sticky-sidebar-offset` on the column.
 */
export const installStickySidebar = definePageBehaviour({
  name: 'sticky-sidebar',
  selector: STICKY_SIDEBAR_SELECTOR,
  install(_root, context) {
    const { document: doc } = context;
    const columns = new Set<HTMLElement>();
    const bar = () => {
      const header = doc.querySelector<HTMLElement>('.header.has-sticky, [data-sticky-header]');
      return header?.querySelector<HTMLElement>(':scope > .header-wrapper') ?? header;
    };
    let watched: HTMLElement | null = null;
    const place = () => {
      const height = bar()?.getBoundingClientRect().height ?? 0;
      for (const column of columns)
        column.style.setProperty('--sticky-sidebar-offset', `${Math.round(height) + STICKY_SIDEBAR_GAP}px`);
    };
    const resize = new ResizeObserver(place);
    context.each(STICKY_SIDEBAR_SELECTOR, (column) => {
      if (columns.has(column)) return;
      context.keep(column, 'class', 'style');
      column.classList.add('is-sticky-column--active');
      columns.add(column);
      const now = bar();
      if (now && now !== watched) {
        if (watched) resize.unobserve(watched);
        resize.observe(now);
        watched = now;
      }
      place();
    });
    return () => resize.disconnect();
  },
});
