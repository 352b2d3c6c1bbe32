import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { formatMessageTime } from '../../shared/format/dates.ts';
import { languageOf } from '../../shared/format/messages.ts';
import { Chatbox } from './join-chat.chatbox.view.tsx';
import type { JoinChatController } from './join-chat.controller.ts';
import type { JoinChatSettings } from './join-chat.settings.ts';

/** The chat icon of the launcher. */
function ChatIcon() {
  return (
    <svg className="icon" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 3C8.8 3 3 8.5 3 15.3c0 2.5.8 4.8 2.2 6.8L3.6 28.4l6.6-1.9c1.8.9 3.8 1.4 5.8 1.4 7.2 0 13-5.5 13-12.3S23.2 3 16 3z" />
    </svg>
  );
}

/**
 * `<join-chat>`'s view: the launcher button, its tooltip and badge, and the chatbox (spec §2, §4
 * Chat widget). It renders the state of the element's {@link JoinChatController} (which the
 * element connects and which follows the settings) and forwards the shopper's intents to it; the
 * behaviour lives in the controller.
 */
export function JoinChat({
  settings,
  host,
  controller,
}: ElementViewProps<JoinChatSettings, JoinChatController>) {
  const state = useStore(controller.$state);

  const ids = useId();
  const dialogId = `${ids}dialog`;
  const titleId = `${ids}title`;
  const tipId = `${ids}tip`;
  const launcherRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const optinRef = useRef<HTMLInputElement>(null);

  // Focus moves where the controller asks (into the chatbox only when the shopper opened it).
  useEffect(() => {
    if (!state.focus) return;
    const refs = { launcher: launcherRef, close: closeRef, optin: optinRef };
    refs[state.focus.target].current?.focus();
  }, [state.focus]);

  if (!state.enabled) return null;

  const { messages } = settings;
  const hasChatbox = state.hasChatbox;
  const tooltip = state.tooltip && settings.button_tip !== '';
  // The message time is formatted once the chatbox has opened (or a written time is set): the
  // first date format of a page loads Intl's date data, about 100 ms on a slow phone at start,
  // for a text no one sees yet (issue 32).
  const when = state.messageTime;
  const label = state.badge === 'in' ? `${messages.button}, ${messages.badge}` : messages.button;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the widget closes the chatbox
    <div
      part="root"
      className="root"
      data-position={settings.position}
      data-shown={state.visible ? '' : undefined}
      data-animate={state.animate ? '' : undefined}
      data-open={state.open ? '' : undefined}
      inert={!state.visible}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && controller.escape()) event.stopPropagation();
      }}
    >
      {hasChatbox && (
        <Chatbox
          settings={settings}
          state={state}
          dialogId={dialogId}
          titleId={titleId}
          time={
            when
              ? { text: formatMessageTime(when, controller.now(), languageOf(host)), iso: when.toISOString() }
              : null
          }
          closeRef={closeRef}
          optinRef={optinRef}
          onClose={() => controller.close(true)}
          onOpenChat={() => controller.openChat(true, 'click')}
          onOptinChange={(checked) => controller.setOptinChecked(checked)}
        />
      )}
      <button
        ref={launcherRef}
        type="button"
        part="button"
        className="button"
        aria-label={label}
        aria-expanded={hasChatbox ? state.open : undefined}
        aria-controls={hasChatbox ? dialogId : undefined}
        aria-haspopup={hasChatbox ? 'dialog' : undefined}
        aria-describedby={tooltip ? tipId : undefined}
        onClick={() => controller.launcherClicked()}
        onMouseEnter={state.hoverOpens ? () => controller.hoverStarted() : undefined}
        onMouseLeave={state.hoverOpens ? () => controller.hoverEnded() : undefined}
      >
        <ChatIcon />
      </button>
      {tooltip && (
        // Read as the launcher's description (aria-describedby), not again as page text outside a landmark.
        <span id={tipId} part="tooltip" className="tooltip" aria-hidden="true">
          {settings.button_tip}
        </span>
      )}
      {state.badge !== 'none' && (
        <span part="badge" className="badge" data-state={state.badge} aria-hidden="true">
          1
        </span>
      )}
    </div>
  );
}
