import { hasJQuery } from '../../shared/jquery-bridge.ts';

/**
 * The re-initialisation triggers of spec §2 "Option forms": the option-form plugin's init event,
 * the page builder's frontend ready and popup open, and ajax responses that carry the form marker.
 * The page builder triggers `elementor/frontend/init` on `window` and `elementor/popup/show` on
 * `document`, and jQuery's global `ajaxComplete` goes to `document`: none of them reaches
 * `document.body`, so they are heard on `window`, where jQuery bubbles every trigger.
 */
export const INIT_EVENTS = ['wcpa_init', 'elementor/frontend/init', 'elementor/popup/show'];
/** The class of the form's outer element in server-rendered option-form markup (spec §2). */
export const FORM_MARKER = 'wcpa_form_outer';

type Handler = (event: { type: string; originalEvent?: unknown }, ...args: unknown[]) => void;
type JQuery = (target: unknown) => {
  on(names: string, fn: Handler): unknown;
  off(names: string, fn: Handler): unknown;
};

/** Calls `reinit` on every trigger; returns the stop. `win` is the page's window (a double in tests). */
export function onInitTriggers(win: EventTarget, reinit: () => void): () => void {
  const stops: Array<() => void> = [];
  // Native events (dispatched on window, or bubbling from the document).
  for (const name of INIT_EVENTS) {
    win.addEventListener(name, reinit);
    stops.push(() => win.removeEventListener(name, reinit));
  }
  // jQuery's trigger() runs jQuery handlers only, so those are bound too (with ajaxComplete,
  // whose arguments are the jqXHR and the request settings).
  const $ = hasJQuery() ? (window as unknown as { jQuery: JQuery }).jQuery : undefined;
  if ($) {
    const names = [...INIT_EVENTS, 'ajaxComplete'].join(' ');
    const handler: Handler = (event, xhr) => {
      if (event.type === 'ajaxComplete') {
        const text = (xhr as { responseText?: unknown } | undefined)?.responseText;
        if (typeof text === 'string' && text.includes(FORM_MARKER)) reinit();
      } else if (!event.originalEvent) reinit(); // a native event was heard above
    };
    try {
      $(win).on(names, handler);
      stops.push(() => {
        try {
          $(win).off(names, handler);
        } catch {
          // a jQuery that cannot unbind its own handler: nothing left to undo
        }
      });
    } catch {
      // a jQuery that cannot bind: the native events still work
    }
  }
  return () => {
    for (const stop of stops.splice(0)) stop();
  };
}
