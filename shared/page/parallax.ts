import { enhanceNowAndLater, jsonObject, within } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';
import { type DeviceMode, deviceList, deviceMode } from './device-mode.ts';

export const PARALLAX_SELECTOR = '[data-parallax]';

/**
 * Parallax (issue 17; spec §2 Other "parallax", §7 Other: loaded only where the markup is). Flatsome
 * prints `data-parallax="{strength}"` (about -10…10; `data-parallax-background` on section
 * backgrounds) on elements that move slower or faster than the page. Here each one is shifted
 * vertically with a CSSOM `transform` (no style attributes in markup, strict CSP) by
 * `strength × 5 %` of the distance between its centre and the viewport's centre, updated on
 * scroll and resize (scroll events come once per frame, so no frame timer is needed). None at all
 * under `prefers-reduced-motion` (and any shift is taken back when it turns on).
 */

/** How far an element moves per unit of strength, as a share of its distance from the viewport centre. */
export const PARALLAX_FACTOR = 0.05;

/** The vertical shift in px for an element whose centre is `distance` px below the viewport centre. */
export function parallaxShift(distance: number, strength: number): number {
  return Math.round(-distance * strength * PARALLAX_FACTOR * 10) / 10;
}

/** Moves the `[data-parallax]` elements under `root` as the page scrolls. */
export const installParallax = definePageBehaviour({
  name: 'parallax',
  selector: PARALLAX_SELECTOR,
  install(root, context) {
    const win = context.window;
    const elements = new Set<HTMLElement>();
    const update = () => {
      const still = context.reducedMotion();
      for (const el of elements) {
        if (!el.isConnected) {
          elements.delete(el);
          continue;
        }
        const strength = Number.parseFloat(el.dataset.parallax ?? '');
        if (still || !Number.isFinite(strength) || strength === 0) {
          el.style.removeProperty('transform');
          continue;
        }
        // Measured without the current shift, so the element's own movement does not feed back.
        const current = el.style.transform;
        el.style.removeProperty('transform');
        const rect = el.getBoundingClientRect();
        el.style.transform = current;
        const distance = rect.top + rect.height / 2 - win.innerHeight / 2;
        el.style.transform = `translate3d(0, ${parallaxShift(distance, strength)}px, 0)`;
      }
    };
    const stop = enhanceNowAndLater(root, (node) => {
      for (const el of within(node, PARALLAX_SELECTOR)) elements.add(el);
      update();
    });
    context.on(win, 'scroll', update, { passive: true });
    context.on(win, 'resize', update);
    return () => {
      stop();
      for (const el of elements) el.style.removeProperty('transform');
    };
  },
});

/** Page-builder elements with scrolling motion effects on. */
export const MOTION_EFFECTS_SELECTOR = '[data-settings*=\'"motion_fx_motion_fx_scrolling":"yes"\']';
/** spec §9 Popups, menu: "Motion effects resize debounce 200 ms". */
export const MOTION_RESIZE_DEBOUNCE_MS = 200;

interface MotionSettings {
  /** px of shift per percent of the viewport travelled (0: no vertical effect). */
  speed: number;
  devices: DeviceMode[];
}

/** The vertical scrolling effect of a `data-settings` text; null when it is not a JSON object. */
export function motionSettings(text: string | null): MotionSettings | null {
  const o = jsonObject(text);
  if (!o) return null;
  const size = (o.motion_fx_translateY_speed as { size?: unknown } | undefined)?.size;
  const speed = typeof size === 'number' ? size : Number.parseFloat(String(size ?? '4'));
  const on = o.motion_fx_translateY_effect === 'yes' && Number.isFinite(speed);
  return {
    speed: on ? speed * (o.motion_fx_translateY_direction === 'negative' ? -1 : 1) : 0,
    devices: deviceList(o.motion_fx_devices),
  };
}

/**
 * The vertical shift in px of an element that has travelled `percent` % of its way through the
 * viewport (0: its top at the viewport's bottom; 100: its bottom at the viewport's top), at
 * `speed` (the setting's 0–10): 0 in the middle, up to `speed × 5` px either way.
 */
export function motionShift(percent: number, speed: number): number {
  const p = Math.max(0, Math.min(100, percent));
  return Math.round(((50 - p) / 10) * speed * 10) / 10;
}

/**
 * Scrolling motion effects of the page builder (spec §2 Other "parallax", its "motion effects";
 * §9 "Motion effects resize debounce 200 ms"), the vertical scroll effect:
 *
 *   <div class="elementor-element" data-settings='{"motion_fx_motion_fx_scrolling":"yes",
 *        "motion_fx_translateY_effect":"yes","motion_fx_translateY_speed":{"unit":"px","size":4},
 *        "motion_fx_devices":["desktop","tablet"]}'>…</div>
 *
 * The element shifts vertically with the scroll (a CSSOM `transform`, {@link motionShift};
 * `motion_fx_translateY_direction: "negative"` the other way), only on the device modes of
 * `motion_fx_devices` (all when absent; device-mode.ts). After a resize the mode is read and the
 * shift measured again 200 ms after the last resize event. None under reduced motion. A
 * `data-settings` that is not JSON is reported once and the element left alone.
 */
export const installMotionEffects = definePageBehaviour({
  name: 'motion-effects',
  selector: MOTION_EFFECTS_SELECTOR,
  install(_root, context) {
    const { clock, window: win } = context;
    const elements = new Map<HTMLElement, MotionSettings & { active: boolean }>();
    const update = () => {
      const still = context.reducedMotion();
      for (const [el, s] of elements) {
        if (still || !s.active || s.speed === 0 || !el.isConnected) {
          el.style.removeProperty('transform');
          continue;
        }
        const current = el.style.transform;
        el.style.removeProperty('transform');
        const rect = el.getBoundingClientRect();
        el.style.transform = current;
        const percent = ((win.innerHeight - rect.top) / (win.innerHeight + rect.height)) * 100;
        el.style.transform = `translateY(${motionShift(percent, s.speed)}px)`;
      }
    };
    const activate = () => {
      const mode = deviceMode(win);
      for (const s of elements.values()) s.active = s.devices.includes(mode);
      update();
    };
    context.each(MOTION_EFFECTS_SELECTOR, (el) => {
      if (elements.has(el)) return;
      const settings = motionSettings(el.getAttribute('data-settings'));
      if (!settings) {
        context.report('data-settings is not valid JSON (an object); no motion effect.');
        return;
      }
      context.keep(el, 'style');
      elements.set(el, { ...settings, active: settings.devices.includes(deviceMode(win)) });
      update();
    });
    let timer: unknown;
    context.on(win, 'scroll', update, { passive: true });
    context.on(win, 'resize', () => {
      clock.clearTimeout(timer);
      timer = clock.setTimeout(() => {
        timer = undefined;
        activate();
      }, MOTION_RESIZE_DEBOUNCE_MS);
    });
    return () => clock.clearTimeout(timer);
  },
});
