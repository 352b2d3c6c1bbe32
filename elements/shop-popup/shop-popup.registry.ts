import { atom } from 'nanostores';
import type { PopupController } from './shop-popup.controller.ts';

/**
 * The popups of the page, for spec §3 `avoid_multiple_popups`: which popups were shown on this
 * page and which are open now. Every `<shop-popup>` controller reads and writes these.
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

/** The controller of each rendered popup, for the element's `open()`/`close()` (link actions). */
export const popupControllers: WeakMap<HTMLElement, PopupController> = new WeakMap();

/** `open()` called before the popup rendered: opened as soon as its controller starts. */
export const pendingOpens: WeakSet<HTMLElement> = new WeakSet();
