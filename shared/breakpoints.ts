/**
 * The theme's breakpoints (spec §9 Theme): desktop at least 850 px wide, medium 550-849 px,
 * small under 550 px. One source for code that needs them (page behaviours, elements that pick a
 * layout by width); CSS cannot read custom properties inside `@media`, so stylesheets repeat the
 * numbers, with a comment pointing here (styles/theme.css).
 *
 * The upper bounds are written as `max-width: 549.98px` rather than 549px so that fractional
 * widths (zoom, high-DPI) between 549 and 550 fall into exactly one range, as Bootstrap does.
 */

/** The smallest width of the medium range (spec §9: medium 550-849). */
export const MEDIUM_MIN_WIDTH = 550;
/** The smallest width of the desktop range (spec §9: desktop at least 850). */
export const DESKTOP_MIN_WIDTH = 850;

export type Breakpoint = 'small' | 'medium' | 'desktop';

/** Media queries for each range, and for "medium and up" / "medium and down". */
export const MEDIA = {
  small: `(max-width: ${MEDIUM_MIN_WIDTH - 0.02}px)`,
  medium: `(min-width: ${MEDIUM_MIN_WIDTH}px) and (max-width: ${DESKTOP_MIN_WIDTH - 0.02}px)`,
  desktop: `(min-width: ${DESKTOP_MIN_WIDTH}px)`,
  mediumUp: `(min-width: ${MEDIUM_MIN_WIDTH}px)`,
  mediumDown: `(max-width: ${DESKTOP_MIN_WIDTH - 0.02}px)`,
} as const;

/** The range a width (CSS px) falls into. */
export function breakpointOf(width: number): Breakpoint {
  if (width >= DESKTOP_MIN_WIDTH) return 'desktop';
  if (width >= MEDIUM_MIN_WIDTH) return 'medium';
  return 'small';
}

/** The range the window's viewport is in now, by its media queries. */
export function currentBreakpoint(win: Window = window): Breakpoint {
  if (win.matchMedia(MEDIA.desktop).matches) return 'desktop';
  if (win.matchMedia(MEDIA.medium).matches) return 'medium';
  return 'small';
}

/**
 * Calls `listener` with the viewport's range now and whenever it changes (crossing 550 or 850);
 * returns the function that stops listening.
 */
export function watchBreakpoint(
  listener: (breakpoint: Breakpoint) => void,
  win: Window = window,
): () => void {
  const queries = [MEDIA.desktop, MEDIA.medium].map((q) => win.matchMedia(q));
  let last = currentBreakpoint(win);
  const onChange = () => {
    const now = currentBreakpoint(win);
    if (now === last) return;
    last = now;
    listener(now);
  };
  for (const query of queries) query.addEventListener('change', onChange);
  listener(last);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}
