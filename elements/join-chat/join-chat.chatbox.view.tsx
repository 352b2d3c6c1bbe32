import { type Ref, useLayoutEffect, useRef } from 'react';
import { deepActiveElement } from '../../shared/a11y/focus.ts';
import { QrCode } from './join-chat.qr.view.tsx';
import type { JoinChatSettings } from './join-chat.settings.ts';
import type { JoinChatState } from './join-chat.state.ts';

export interface ChatboxProps {
  settings: JoinChatSettings;
  state: JoinChatState;
  dialogId: string;
  titleId: string;
  /** The message time as shown, and as an ISO date; null before the chatbox first opened. */
  time: { text: string; iso: string } | null;
  closeRef: Ref<HTMLButtonElement>;
  optinRef: Ref<HTMLInputElement>;
  onClose(): void;
  onOpenChat(): void;
  onOptinChange(checked: boolean): void;
}

/**
 * The chatbox of `<join-chat>` (spec §2, §4 Chat widget): a non-modal dialog with the header,
 * the message bubbles as typed out so far (a log the keyboard can reach and scroll), the opt-in,
 * the button that opens the conversation and, on desktops, the QR code. It opens with `show()`,
 * not the `open` attribute (the controller never opens it over a modal).
 */
export function Chatbox({
  settings,
  state,
  dialogId,
  titleId,
  time,
  closeRef,
  optinRef,
  onClose,
  onOpenChat,
  onOptinChange,
}: ChatboxProps) {
  const { bubbles, revealed, typing } = state;
  const { messages } = settings;
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Before the view's effects, which move focus where the controller asks.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || state.open === dialog.open) return;
    // show() moves focus into the dialog, and close() may move it back to where it was at show()
    // (WebKit): unless it was in the dialog, it stays where it is (the view moves it on when asked).
    const before = deepActiveElement() as HTMLElement | null;
    if (state.open) dialog.show();
    else dialog.close();
    if (!dialog.contains(before)) {
      (deepActiveElement() as HTMLElement | null)?.blur();
      before?.focus({ preventScroll: true });
    }
  }, [state.open]);
  return (
    <dialog
      ref={dialogRef}
      id={dialogId}
      part="chatbox"
      className="chatbox"
      aria-labelledby={settings.header ? titleId : undefined}
      aria-label={settings.header ? undefined : messages.dialog}
    >
      <div part="header" className="header">
        <span id={titleId} part="title" className="title">
          {settings.header}
        </span>
        <button
          ref={closeRef}
          type="button"
          part="close-button"
          className="close"
          aria-label={messages.close}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard to scroll it (axe scrollable-region-focusable) */}
      <div part="chat" className="chat" role="log" aria-label={messages.log} aria-busy={typing} tabIndex={0}>
        {bubbles.length > 0 && time && (
          <time part="time" className="time" dateTime={time.iso}>
            {time.text}
          </time>
        )}
        {bubbles.map((bubble, index) =>
          index < revealed ? (
            <p
              // biome-ignore lint/suspicious/noArrayIndexKey: bubbles have no identity beyond their order
              key={index}
              part={bubble.note ? 'bubble note' : 'bubble'}
              className={bubble.note ? 'bubble note' : 'bubble'}
            >
              {bubble.text}
            </p>
          ) : null,
        )}
        {typing && (
          <p part="typing" className="bubble typing">
            <span className="visually-hidden">{messages.typing}</span>
            <span className="dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          </p>
        )}
        {state.hasOptin && revealed >= bubbles.length && (
          <div part="optin" className="optin">
            {settings.optin_check ? (
              <label>
                <input
                  ref={optinRef}
                  type="checkbox"
                  checked={state.optinChecked}
                  onChange={(e) => onOptinChange(e.currentTarget.checked)}
                />
                <span>{settings.optin_text}</span>
              </label>
            ) : (
              <p>{settings.optin_text}</p>
            )}
          </div>
        )}
      </div>
      <button
        type="button"
        part="open-button"
        className="open"
        aria-disabled={state.optinPending ? 'true' : undefined}
        onClick={onOpenChat}
      >
        <span>{settings.message_start}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 20l18-8L3 4v6l12 2-12 2z" />
        </svg>
      </button>
      {state.open && state.qr && <QrCode drawing={state.qr} caption={settings.qr_text} />}
    </dialog>
  );
}
