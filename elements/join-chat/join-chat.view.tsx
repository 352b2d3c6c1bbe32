import qrcode from 'qrcode-generator';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { announce } from '../../shared/a11y/announce.ts';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { emit } from '../../shared/events.ts';
import { $consent } from '../../shared/stores/consent.ts';
import { chatEventParams, sendChatEvent } from './join-chat.analytics.ts';
import { joinChatEnvironment } from './join-chat.env.ts';
import { buildChatLink, parsePhone } from './join-chat.link.ts';
import {
  CLOSE_TRIGGERS,
  DIRECT_TRIGGERS,
  isTextFieldType,
  messageHash,
  OPEN_TRIGGERS,
  parseBubbles,
  replaceSku,
  revealDelay,
  saveHash,
  startFromStorage,
  TIMING,
  typingDelay,
  urlOpening,
} from './join-chat.rules.ts';
import type { JoinChatSettings } from './join-chat.settings.ts';
import { formatChatTime } from './join-chat.time.ts';

/** Why the chatbox opened: automatic openings neither move focus nor count as the shopper's. */
type OpenReason = 'click' | 'trigger' | 'hover' | 'auto' | 'url';

/** The element under keyboard focus, looking into shadow roots. */
function deepActiveElement(doc: Document): Element | null {
  let el: Element | null = doc.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/** The first element on an event's composed path matching `selector`. */
function matchOnPath(event: Event, selector: string): Element | null {
  for (const node of event.composedPath()) {
    if (node instanceof Element) {
      const found = node.closest(selector);
      if (found) return found;
    }
  }
  return null;
}

/** The opt-in is required and not checked yet. */
function needsOptin(state: {
  hasOptin: boolean;
  optinChecked: boolean;
  settings: JoinChatSettings;
}): boolean {
  return state.hasOptin && state.settings.optin_check && !state.optinChecked;
}

/** A QR code of `text` drawn as one SVG path from qrcode-generator's module matrix. */
function QrCode({ text, caption }: { text: string; caption: string }) {
  const drawing = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const size = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) if (qr.isDark(row, col)) d += `M${col + 4},${row + 4}h1v1h-1z`;
    }
    return { d, box: size + 8 };
  }, [text]);
  return (
    <figure part="qr" className="qr">
      <svg
        viewBox={`0 0 ${drawing.box} ${drawing.box}`}
        role="img"
        aria-label={caption}
        shapeRendering="crispEdges"
      >
        <rect width={drawing.box} height={drawing.box} fill="#fff" />
        <path d={drawing.d} fill="#000" />
      </svg>
      <figcaption aria-hidden="true">{caption}</figcaption>
    </figure>
  );
}

/** The chat icon of the launcher. */
function ChatIcon() {
  return (
    <svg className="icon" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 3C8.8 3 3 8.5 3 15.3c0 2.5.8 4.8 2.2 6.8L3.6 28.4l6.6-1.9c1.8.9 3.8 1.4 5.8 1.4 7.2 0 13-5.5 13-12.3S23.2 3 16 3z" />
    </svg>
  );
}

/**
 * `<join-chat>`'s view: the launcher button, its tooltip and badge, the chatbox (a non-modal
 * dialog) with typed-out message bubbles, the opt-in and the QR code (spec §2, §4 Chat widget).
 */
export function JoinChat({ settings, host }: ElementViewProps<JoinChatSettings>) {
  const env = joinChatEnvironment();
  const ids = useId();
  const dialogId = `${ids}dialog`;
  const titleId = `${ids}title`;
  const tipId = `${ids}tip`;

  // What the settings make of this page.
  const phone = settings.telephone; // already parsed to digits by the schema
  const active = phone !== '';
  const [mobile] = useState(() => env.isMobile());
  const [sku, setSku] = useState(settings.sku);
  useEffect(() => setSku(settings.sku), [settings.sku]);
  const messageText = replaceSku(settings.message_text, sku);
  const bubbles = useMemo(() => parseBubbles(messageText), [messageText]);
  const hash = settings.message_hash || messageHash(settings.message_text);
  const hasOptin = settings.optin_text.trim() !== '';
  const hasChatbox = bubbles.length > 0 || hasOptin;
  const enabled = active && (mobile || !settings.mobile_only);

  // Visible state.
  const [shown, setShown] = useState(false);
  const [animate, setAnimate] = useState(true);
  const [tooltip, setTooltip] = useState(false);
  const [badge, setBadge] = useState<'none' | 'in' | 'out'>('none');
  const [open, setOpen] = useState(false);
  const [fieldFocused, setFieldFocused] = useState(false);
  const [optinChecked, setOptinChecked] = useState(false);
  const [revealed, setRevealed] = useState(Number.POSITIVE_INFINITY);
  const [typing, setTyping] = useState(false);
  const [openedAt, setOpenedAt] = useState<Date | null>(null);

  const launcherRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const optinRef = useRef<HTMLInputElement>(null);
  const focusOnOpen = useRef(false);
  const typedOnce = useRef(false);

  // Timers and the latest values, for callbacks that outlive a render.
  const latest = useRef({ settings, hash, hasChatbox, open, optinChecked, hasOptin, sku, mobile });
  latest.current = { settings, hash, hasChatbox, open, optinChecked, hasOptin, sku, mobile };
  const showedAt = useRef(Number.NEGATIVE_INFINITY);
  const ctaTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const needOptin = () => needsOptin(latest.current);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const openChatbox = useCallback(
    (reason: OpenReason) => {
      const l = latest.current;
      if (!l.hasChatbox || l.open) return;
      latest.current.open = true;
      showedAt.current = Date.now();
      clearTimeout(ctaTimer.current);
      setOpen(true);
      setOpenedAt((at) => at ?? new Date());
      setTooltip(false);
      setBadge((b) => (b === 'in' ? 'out' : b));
      // spec §4: opening the chatbox saves the message hash as seen.
      saveHash(env.storage, l.hash, l.settings.message_delay);
      focusOnOpen.current = reason === 'click' || reason === 'trigger';
      emit(host, 'join-chat-opened', { automatic: reason === 'auto' || reason === 'url' });
    },
    [env, host],
  );

  const closeChatbox = useCallback(
    (returnFocus: boolean) => {
      const l = latest.current;
      if (!l.open) return;
      latest.current.open = false;
      setOpen(false);
      setTooltip(false);
      setBadge((b) => (b === 'out' ? 'none' : b));
      saveHash(env.storage, l.hash, l.settings.message_delay);
      if (returnFocus) launcherRef.current?.focus();
    },
    [env],
  );

  /** Opens the messaging link (spec §7 Other), sends the chat event and tells the host. */
  const openLink = useCallback(
    (overridePhone?: string, overrideMessage?: string) => {
      const l = latest.current;
      const digits = (overridePhone && parsePhone(overridePhone)) || l.settings.telephone;
      const message = overrideMessage ?? replaceSku(l.settings.message_send, l.sku);
      const link = buildChatLink({ phone: digits, text: message, web: l.settings.whatsapp_web && !l.mobile });
      if (!link) {
        console.error(
          `<join-chat>: cannot build a chat link for the telephone "${overridePhone ?? digits}".`,
        );
        return;
      }
      sendChatEvent(
        env.trackers(),
        chatEventParams({
          link,
          phone: digits,
          message,
          isMobile: l.mobile,
          location: env.href(),
          title: document.title,
        }),
        l.settings,
        $consent.get(),
      );
      env.open(link);
      emit(host, 'join-chat-link-opened', { url: link });
    },
    [env, host],
  );

  /** Joinchat's `open(direct)`: the link when asked for directly (and no opt-in is pending) or without a chatbox, else the chatbox. */
  const openChat = useCallback(
    (direct: boolean, reason: OpenReason, overridePhone?: string, overrideMessage?: string) => {
      const l = latest.current;
      if ((direct && !needsOptin(l)) || !l.hasChatbox) {
        // spec §9: a click within 600 ms of the chatbox showing is ignored.
        if (Date.now() < showedAt.current + TIMING.clickGuard) return;
        saveHash(env.storage, l.hash, l.settings.message_delay);
        openLink(overridePhone, overrideMessage);
      } else if (l.open && direct) {
        // spec §4: opt-in required but unchecked keeps the chatbox; say why.
        optinRef.current?.focus();
        announce(l.settings.labels.optinRequired);
      } else openChatbox(reason);
    },
    [env, openChatbox, openLink],
  );

  // Start-up: button, tooltip, badge or automatic chatbox, URL trigger (spec §4, §2).
  // Restarts only when what the plan depends on changes (settings fields listed individually).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!enabled) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const plan = startFromStorage({ ...settings, message_hash: hash }, env.storage);
    setAnimate(plan.animate);
    const show = () => {
      setShown(true);
      setTooltip(plan.tooltip && !latest.current.open);
    };
    if (plan.showAt === 0) show();
    else timers.push(setTimeout(show, plan.showAt));
    if (plan.cta === 'badge' && hasChatbox) {
      ctaTimer.current = setTimeout(() => setBadge('in'), plan.ctaAt);
    } else if (plan.cta === 'open') {
      ctaTimer.current = setTimeout(() => openChatbox('auto'), plan.ctaAt);
    }
    const fromUrl = urlOpening(env.href());
    if (fromUrl) {
      if (fromUrl.showAt === 0) setShown(true);
      else timers.push(setTimeout(() => setShown(true), fromUrl.showAt));
      timers.push(setTimeout(() => openChatbox('url'), fromUrl.openAt));
    }
    return () => {
      timers.forEach(clearTimeout);
      clearTimeout(ctaTimer.current);
    };
  }, [
    enabled,
    hash,
    hasChatbox,
    settings.button_delay,
    settings.message_delay,
    settings.message_views,
    settings.message_badge,
    settings.cta_viewed,
    env,
    openChatbox,
  ]);

  // Page triggers: classes and in-page links open or close the chat (spec §2 Chat widget).
  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const closer = matchOnPath(event, CLOSE_TRIGGERS);
      if (closer && enabled) {
        event.preventDefault();
        closeChatbox(false);
        return;
      }
      const trigger = matchOnPath(event, OPEN_TRIGGERS);
      if (!trigger || host.contains(trigger)) return;
      event.preventDefault();
      const data = (trigger as HTMLElement).dataset ?? {};
      if (!enabled) {
        // Mobile-only chat on a desktop: the triggers still open the conversation.
        openLink(data.phone, data.message);
        return;
      }
      setShown(true);
      openChat(trigger.matches(DIRECT_TRIGGERS), 'trigger', data.phone, data.message);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [active, enabled, host, openChat, openLink, closeChatbox]);

  // Mobile: hide while a text field has focus (virtual keyboard), keep --vh current (spec §4, §9).
  useEffect(() => {
    if (!enabled || !mobile) return;
    let focusTimer: ReturnType<typeof setTimeout> | undefined;
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const el = deepActiveElement(document) as HTMLInputElement | null;
      const type = el?.localName === 'textarea' ? 'textarea' : el?.localName === 'input' ? el.type : '';
      clearTimeout(hideTimer);
      if (isTextFieldType(type)) {
        if (latest.current.open) {
          closeChatbox(false);
          hideTimer = setTimeout(() => setFieldFocused(true), TIMING.hideAfterClose);
        } else setFieldFocused(true);
      } else setFieldFocused(false);
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.composedPath()[0];
      if (!(target instanceof Element) || !target.matches('input, textarea')) return;
      if (event.composedPath().includes(host)) return;
      clearTimeout(focusTimer);
      focusTimer = setTimeout(check, TIMING.focusDebounce);
    };
    const setVh = () => host.style.setProperty('--vh', `${window.innerHeight}px`);
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(setVh, TIMING.resizeDebounce);
    };
    setVh();
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onFocus);
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(focusTimer);
      clearTimeout(hideTimer);
      clearTimeout(resizeTimer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onFocus);
      window.removeEventListener('resize', onResize);
    };
  }, [enabled, mobile, host, closeChatbox]);

  // Typing animation on the first opening (spec §9): skipped for one bubble or reduced motion.
  // A layout effect, so the full message never flashes before the typing starts.
  useLayoutEffect(() => {
    if (!open || typedOnce.current) return;
    typedOnce.current = true;
    if (bubbles.length <= 1 || env.reducedMotion()) {
      setRevealed(Number.POSITIVE_INFINITY);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (index: number) => {
      if (index >= bubbles.length) {
        setTyping(false);
        setRevealed(Number.POSITIVE_INFINITY);
        return;
      }
      const bubble = bubbles[index];
      const reveal = (after: number) => {
        setTyping(false);
        setRevealed(index + 1);
        timer = setTimeout(() => next(index + 1), after);
      };
      if (bubble.note) reveal(TIMING.note);
      else {
        setTyping(true);
        timer = setTimeout(() => reveal(revealDelay(env.random())), typingDelay(bubble.text, env.random()));
      }
    };
    setRevealed(0);
    next(0);
    return () => {
      clearTimeout(timer);
      setTyping(false);
      setRevealed(Number.POSITIVE_INFINITY);
    };
  }, [open, bubbles, env]);

  // Focus moves into the chatbox only when the shopper opened it.
  useEffect(() => {
    if (open && focusOnOpen.current) {
      focusOnOpen.current = false;
      closeRef.current?.focus();
    }
  }, [open]);

  // WooCommerce variations change the SKU (Joinchat listens on jQuery's found_variation/reset_data).
  useEffect(() => {
    if (!enabled || settings.sku === undefined) return;
    const $ = env.trackers().jQuery as
      | ((selector: string) => {
          on(events: string, handler: (e: unknown, variation?: { sku?: string }) => void): unknown;
          off(events: string, handler: (e: unknown, variation?: { sku?: string }) => void): unknown;
        })
      | undefined;
    if (typeof $ !== 'function') return;
    const handler = (_e: unknown, variation?: { sku?: string }) => setSku(variation?.sku || settings.sku);
    $('form.variations_form').on('found_variation reset_data', handler);
    return () => {
      $('form.variations_form').off('found_variation reset_data', handler);
    };
  }, [enabled, settings.sku, env]);

  if (!enabled) return null;

  const visible = shown && !fieldFocused;
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape' && latest.current.open) {
      event.stopPropagation();
      closeChatbox(true);
    }
  };
  const onLauncherClick = () => {
    if (!hasChatbox) {
      openChat(false, 'click');
      return;
    }
    // The 600 ms guard also keeps a hover-opened chatbox from closing under the same click.
    if (Date.now() < showedAt.current + TIMING.clickGuard) return;
    if (open) closeChatbox(true);
    else openChat(false, 'click');
  };
  const hover = hasChatbox && !mobile;
  const lang = host.closest('[lang]')?.getAttribute('lang') || undefined;
  const when = settings.message_time ? new Date(settings.message_time) : (openedAt ?? new Date());
  const showQr = settings.qr && !mobile;
  const qrLink = showQr
    ? buildChatLink({ phone, text: replaceSku(settings.message_send, sku), web: false })
    : null;
  const label =
    badge === 'in' ? `${settings.labels.button}, ${settings.labels.badge}` : settings.labels.button;
  const optinVisible = revealed >= bubbles.length;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the widget closes the chatbox
    <div
      part="root"
      className="root"
      data-position={settings.position}
      data-shown={visible ? '' : undefined}
      data-animate={animate ? '' : undefined}
      data-open={open ? '' : undefined}
      inert={!visible}
      onKeyDown={onKeyDown}
    >
      {hasChatbox && (
        <dialog
          id={dialogId}
          part="chatbox"
          className="chatbox"
          open={open}
          aria-labelledby={settings.header ? titleId : undefined}
          aria-label={settings.header ? undefined : settings.labels.dialog}
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
              aria-label={settings.labels.close}
              onClick={() => closeChatbox(true)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <div part="chat" className="chat" role="log" aria-busy={typing}>
            {bubbles.length > 0 && (
              <time part="time" className="time" dateTime={when.toISOString()}>
                {formatChatTime(when, new Date(), lang)}
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
                <span className="visually-hidden">{settings.labels.typing}</span>
                <span className="dots" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
              </p>
            )}
            {hasOptin && optinVisible && (
              <div part="optin" className="optin">
                {settings.optin_check ? (
                  <label>
                    <input
                      ref={optinRef}
                      type="checkbox"
                      checked={optinChecked}
                      onChange={(e) => setOptinChecked(e.currentTarget.checked)}
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
            aria-disabled={needOptin() ? 'true' : undefined}
            onClick={() => openChat(true, 'click')}
          >
            <span>{settings.message_start}</span>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M3 20l18-8L3 4v6l12 2-12 2z" />
            </svg>
          </button>
          {showQr && qrLink && <QrCode text={qrLink} caption={settings.qr_text} />}
        </dialog>
      )}
      <button
        ref={launcherRef}
        type="button"
        part="button"
        className="button"
        aria-label={label}
        aria-expanded={hasChatbox ? open : undefined}
        aria-controls={hasChatbox ? dialogId : undefined}
        aria-haspopup={hasChatbox ? 'dialog' : undefined}
        aria-describedby={tooltip && settings.button_tip ? tipId : undefined}
        onClick={onLauncherClick}
        onMouseEnter={
          hover
            ? () => {
                clearTimeout(hoverTimer.current);
                hoverTimer.current = setTimeout(() => openChatbox('hover'), TIMING.hoverOpen);
              }
            : undefined
        }
        onMouseLeave={hover ? () => clearTimeout(hoverTimer.current) : undefined}
      >
        <ChatIcon />
      </button>
      {tooltip && settings.button_tip && (
        <span id={tipId} part="tooltip" className="tooltip">
          {settings.button_tip}
        </span>
      )}
      {badge !== 'none' && (
        <span part="badge" className="badge" data-state={badge} aria-hidden="true">
          1
        </span>
      )}
    </div>
  );
}
