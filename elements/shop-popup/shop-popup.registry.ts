import { atom } from 'nanostores';

/**
 * The popups of the page, for spec §3 `avoid_multiple_popups`: which popups were shown on this
 * page and which are open now. Every `<shop-popup>` controller reads and writes these; the element
 * reaches its own controller as `this.controller` (nothing here points back at a controller).
 */
export const $popupsShown = atom<readonly string[]>([]);
export const $popupsOpen = atom<readonly string[]>([]);

export function markShown(id: string): void {
  if (!$popupsShown.get().includes(id)) $popupsShown.set([...$popupsShown.get(), id]);
  if (!$popupsOpen.get().includes(id)) $popupsOpen.set([...$popupsOpen.get(), id]);
}

export function markClosed(id: string): void {
  $popupsOpen.set($popupsOpen.get().filter((open) => open !== id));
}

/** Whether a popup other than `id` was shown on this page. */
export function otherPopupShown(id: string): boolean {
  return $popupsShown.get().some((shown) => shown !== id);
}

/** Forgets every popup (tests). */
export function resetPopupRegistry(): void {
  $popupsShown.set([]);
  $popupsOpen.set([]);
}
