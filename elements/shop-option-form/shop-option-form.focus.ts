/**
 * Focuses the first control of a field (or a section's header) under `root` (the element's shadow
 * root) and, with `scroll`, scrolls it into view: smoothly, unless the shopper asked for less motion
 * (`prefers-reduced-motion: reduce`, read now). True when something took focus.
 */
export function focusTarget(root: ParentNode | null, id: string, scroll: boolean): boolean {
  const escaped = CSS.escape(id);
  const holder = root?.querySelector(`[data-field-id="${escaped}"], [data-section-key="${escaped}"]`);
  const target = holder?.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button');
  if (!target) return false;
  if (scroll) {
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }
  target.focus({ preventScroll: true });
  return true;
}
