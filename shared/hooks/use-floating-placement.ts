import type { Placement } from '@floating-ui/dom';
import { type RefObject, useLayoutEffect } from 'react';
import { lazyModule, loadChunk } from '../chunk-load.ts';
import { type LogSource, logError } from '../log.ts';

/**
 * Floating UI as a lazy chunk (issue 19: 6 kB gzip that only an open dropdown or tooltip needs).
 * Elements warm it with `floatingUi.preload()` when the shopper reaches for the trigger.
 */
export const floatingUi = lazyModule(() => loadChunk('floating-ui', () => import('./floating-ui.ts')));

/**
 * Places `floatingRef` (position: fixed) beside `anchorRef` with Floating UI while `active`,
 * flipped or shifted so it stays on screen, and follows scrolling and resizing. Pure placement:
 * it only writes the element's `left`/`top`. While Floating UI's chunk is on its way (the first
 * opening, when nothing warmed it), the element is kept invisible, so it never shows misplaced.
 */
export function useFloatingPlacement(
  anchorRef: RefObject<HTMLElement | null>,
  floatingRef: RefObject<HTMLElement | null>,
  active: boolean,
  placement: Placement,
  source: LogSource,
): void {
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const floating = floatingRef.current;
    if (!active || !anchor || !floating) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    const place = ({
      autoUpdate,
      computePosition,
      flip,
      offset,
      shift,
    }: typeof import('./floating-ui.ts')) => {
      stop = autoUpdate(anchor, floating, () => {
        computePosition(anchor, floating, {
          strategy: 'fixed',
          placement,
          middleware: [offset(6), flip(), shift({ padding: 8 })],
        }).then(({ x, y }) => {
          floating.style.left = `${x}px`;
          floating.style.top = `${y}px`;
          floating.style.visibility = '';
        });
      });
    };
    const now = floatingUi.loaded();
    if (now) place(now);
    else {
      floating.style.visibility = 'hidden';
      floatingUi.load().then(
        (module) => {
          if (!stopped) place(module);
        },
        (error: unknown) => {
          // Unplaced beats invisible: the CSS position stays.
          floating.style.visibility = '';
          logError(source, 'the popup could not be placed: Floating UI did not load.', error);
        },
      );
    }
    return () => {
      stopped = true;
      stop?.();
    };
  }, [active, anchorRef, floatingRef, placement, source]);
}
