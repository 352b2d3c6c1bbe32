/**
 * The page builder's device mode (spec §4 "Sticky element: inactive or active, depending on device
 * mode"; §9 "Motion effects", "Sticky reactivate"), for the behaviours of its elements. Not a
 * behaviour: a helper the sticky-element and motion-effects chunks share.
 *
 * The page tells it, as the page builder does, through the `content` of
 * `#elementor-device-mode::after` (its CSS sets `"desktop"`, `"tablet"` or `"mobile"` per
 * breakpoint, so a shop's own breakpoints count); without that element, the viewport's width
 * decides with the page builder's default breakpoints: mobile up to 767 px, tablet up to 1024 px.
 */

export type DeviceMode = 'desktop' | 'tablet' | 'mobile';

/** The page builder's default breakpoints (the largest width of each mode). */
export const DEVICE_MAX_WIDTH = { mobile: 767, tablet: 1024 } as const;

const MODES: readonly string[] = ['desktop', 'tablet', 'mobile'];

/** The device mode of a window: the page's marker, else its viewport's width. */
export function deviceMode(win: Window): DeviceMode {
  const marker = win.document.getElementById('elementor-device-mode');
  if (marker) {
    const content = win.getComputedStyle(marker, '::after').content.replace(/["']/g, '');
    // Custom breakpoints print names like "mobile_extra": their base mode is the prefix.
    const base = content.split('_')[0];
    if (MODES.includes(base)) return base as DeviceMode;
  }
  const width = win.document.documentElement.clientWidth || win.innerWidth;
  if (width <= DEVICE_MAX_WIDTH.mobile) return 'mobile';
  if (width <= DEVICE_MAX_WIDTH.tablet) return 'tablet';
  return 'desktop';
}

/** The device list of a setting (`sticky_on`, `motion_fx_devices`): the known modes in it, else all. */
export function deviceList(value: unknown): DeviceMode[] {
  if (!Array.isArray(value)) return ['desktop', 'tablet', 'mobile'];
  return value.filter((v): v is DeviceMode => typeof v === 'string' && MODES.includes(v));
}
