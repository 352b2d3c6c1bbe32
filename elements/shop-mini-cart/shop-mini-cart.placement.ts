import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
import { type RefObject, useLayoutEffect } from 'react';

/**
 * Places the dropdown under the launcher with Floating UI while `active`, flipped above it or
 * shifted sideways so it stays on screen wherever the theme puts the cart (left, right, near
 * the bottom). Pure placement: it only writes the panel's `left`/`top`.
 */
export function usePanelPlacement(
  anchorRef: RefObject<HTMLElement | null>,
  floatingRef: RefObject<HTMLElement | null>,
  active: boolean,
): void {
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const floating = floatingRef.current;
    if (!active || !anchor || !floating) return;
    return autoUpdate(anchor, floating, () => {
      computePosition(anchor, floating, {
        strategy: 'fixed',
        placement: 'bottom-end',
        middleware: [offset(6), flip(), shift({ padding: 8 })],
      }).then(({ x, y }) => {
        floating.style.left = `${x}px`;
        floating.style.top = `${y}px`;
      });
    });
  }, [active, anchorRef, floatingRef]);
}
