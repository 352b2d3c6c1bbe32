/**
 * One visually hidden polite live region for every announcement on the page (DESIGN §8, like
 * react-aria's LiveAnnouncer). It lives in the light DOM of `document.body` so assistive tech
 * reads it whatever shadow root the message comes from.
 */
let region: HTMLElement | null = null;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

function liveRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.id = 'shop-live-region';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  // Visually hidden through CSSOM (allowed under a strict style-src; a style attribute is not).
  region.style.cssText =
    'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0';
  document.body.append(region);
  return region;
}

/** Announces `message` politely; repeated messages are re-announced. */
export function announce(message: string): void {
  const el = liveRegion();
  clearTimeout(clearTimer);
  // Clearing first makes screen readers repeat an identical message.
  el.textContent = '';
  requestAnimationFrame(() => {
    el.textContent = message;
    clearTimer = setTimeout(() => {
      el.textContent = '';
    }, 7000);
  });
}

/** The current text of the live region (for tests and debugging). */
export function currentAnnouncement(): string {
  return region?.textContent ?? '';
}
