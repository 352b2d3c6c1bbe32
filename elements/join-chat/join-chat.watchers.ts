/**
 * What `<join-chat>` watches on the page while it is connected (spec §2, §4, §9 Chat widget): the
 * page triggers (elements with class `joinchat_open` / `joinchat_app` / `joinchat_close` and links
 * to `#joinchat` / `#whatsapp`), and the page's text fields on mobile (the virtual keyboard) with
 * the viewport height. Each `watch…` starts listening and returns the function that stops it;
 * what a trigger or a field does is the controller's: the watchers call its intents
 * ({@link ChatIntents}). Timers run on the injected clock.
 */
import type { ReadableAtom } from 'nanostores';
import { deepActiveElement, matchOnPath } from '../../shared/a11y/focus.ts';
import type { Clock } from '../../shared/clock.ts';
import {
  CLOSE_TRIGGERS,
  DIRECT_TRIGGERS,
  isTextFieldType,
  OPEN_TRIGGERS,
  TIMING,
} from './join-chat.rules.ts';
import type { JoinChatState, OpenReason } from './join-chat.state.ts';

/** The controller's intents the watchers call (`JoinChatController` has them). */
export interface ChatIntents {
  readonly $state: ReadableAtom<Pick<JoinChatState, 'enabled' | 'open'>>;
  close(returnFocus: boolean): void;
  openChat(direct: boolean, reason: OpenReason, phone?: string, message?: string): void;
  openLink(phone?: string, message?: string): void;
  /** A text field outside the widget got focus (`true`) or lost it (`false`). */
  setFieldFocused(focused: boolean): void;
}

/**
 * Page elements and in-page links outside `host` open or close the chat (spec §2 Chat widget): a
 * close trigger closes the chatbox; an open trigger opens it (`joinchat_app` and `#whatsapp`
 * links straight to the app) with its `data-phone` / `data-message`, or, while the widget does
 * not render (a mobile-only chat on a desktop), opens the conversation.
 */
export function watchPageTriggers(host: HTMLElement, chat: ChatIntents): () => void {
  const onClick = (event: MouseEvent) => {
    const { enabled } = chat.$state.get();
    if (enabled && matchOnPath(event, CLOSE_TRIGGERS)) {
      event.preventDefault();
      chat.close(false);
      return;
    }
    const trigger = matchOnPath(event, OPEN_TRIGGERS);
    if (!trigger || host.contains(trigger)) return;
    event.preventDefault();
    const data = (trigger as HTMLElement).dataset ?? {};
    // Mobile-only chat on a desktop: the triggers still open the conversation.
    if (!enabled) chat.openLink(data.phone, data.message);
    else chat.openChat(trigger.matches(DIRECT_TRIGGERS), 'trigger', data.phone, data.message);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

/**
 * Mobile (spec §4, §9): the widget hides while a page text field has focus (the virtual keyboard),
 * closing an open chatbox first and hiding 400 ms later; `--vh` on `host` follows the viewport
 * height. Focus changes and resizes are debounced by 200 ms.
 */
export function watchMobileFields(host: HTMLElement, clock: Clock, chat: ChatIntents): () => void {
  let focusTimer: unknown;
  let hideTimer: unknown;
  let resizeTimer: unknown;
  const check = () => {
    const el = deepActiveElement(document) as HTMLInputElement | null;
    const type = el?.localName === 'textarea' ? 'textarea' : el?.localName === 'input' ? el.type : '';
    clock.clearTimeout(hideTimer);
    if (!isTextFieldType(type)) chat.setFieldFocused(false);
    else if (chat.$state.get().open) {
      chat.close(false);
      hideTimer = clock.setTimeout(() => chat.setFieldFocused(true), TIMING.hideAfterClose);
    } else chat.setFieldFocused(true);
  };
  const onFocus = (event: FocusEvent) => {
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || !target.matches('input, textarea')) return;
    if (event.composedPath().includes(host)) return;
    clock.clearTimeout(focusTimer);
    focusTimer = clock.setTimeout(check, TIMING.focusDebounce);
  };
  const setVh = () => host.style.setProperty('--vh', `${window.innerHeight}px`);
  const onResize = () => {
    clock.clearTimeout(resizeTimer);
    resizeTimer = clock.setTimeout(setVh, TIMING.resizeDebounce);
  };
  setVh();
  document.addEventListener('focusin', onFocus);
  document.addEventListener('focusout', onFocus);
  window.addEventListener('resize', onResize);
  return () => {
    for (const timer of [focusTimer, hideTimer, resizeTimer]) clock.clearTimeout(timer);
    document.removeEventListener('focusin', onFocus);
    document.removeEventListener('focusout', onFocus);
    window.removeEventListener('resize', onResize);
  };
}
