/**
 * Styles of `<join-chat>` (adopted after the shared base styles). Shared knobs (`--accent`,
 * `--on-accent`, `--surface`, `--text-color`, `--width`, `--radius`, `--z-index`) resolve to the
 * base styles' `--_*` names; the chat keeps its own defaults for the brand colour, radius, width
 * and stacking order. Its special knobs are declared once below; colour literals appear only on
 * `--_*` declaration lines.
 */
export const styles = /* css */ `
:host {
  --_accent: var(--accent, #00785a);
  --_on-accent: var(--on-accent, #fff);
  --_width: var(--width, 320px);
  --_radius: var(--radius, 16px);
  --_z-index: var(--_z-index);
  --_size: var(--size, 60px);
  --_side: var(--side, 20px);
  --_bottom: var(--bottom, 20px);
  --_chat-bg: var(--chat-background, #efeae2);
  --_bubble-bg: var(--bubble-background, #fff);
  --_note-bg: var(--note-background, #fff5c4);
  --_badge-bg: var(--badge-color, #d70015);
  --_time-color: var(--_time-color);
  --_badge-text: #fff;
  --_bubble-text: #1c1c1c;
  --_dots: #888;
  --_close-bg: rgb(0 0 0 / 0.15);
  --_button-shadow: 0 2px 8px rgb(0 0 0 / 0.25);
  --_tooltip-shadow: 0 1px 6px rgb(0 0 0 / 0.2);
  --_chatbox-shadow: var(--_chatbox-shadow);
  --_bubble-shadow: 0 1px 1px rgb(0 0 0 / 0.1);
  display: contents;
}
.root {
  position: fixed;
  z-index: var(--_z-index);
  bottom: var(--_bottom);
  right: var(--_side);
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 12px;
  max-width: calc(100vw - 2 * var(--_side));
  font-family: var(--shop-font-family, system-ui, sans-serif);
  color: var(--_text);
  visibility: hidden;
  opacity: 0;
  transform: translateY(20px) scale(0.9);
}
.root[data-position='left'] { right: auto; left: var(--_side); align-items: flex-start; }
:host(:dir(rtl)) .root:not([data-position='left']) { right: auto; left: var(--_side); align-items: flex-start; }
.root[data-shown] { visibility: visible; opacity: 1; transform: none; }
.root[data-animate] { transition: opacity 0.4s ease, transform 0.4s ease, visibility 0s linear 0.4s; }
.root[data-animate][data-shown] { transition: opacity 0.4s ease, transform 0.4s ease, visibility 0s; }

.button {
  position: relative;
  display: grid;
  place-items: center;
  width: var(--_size);
  height: var(--_size);
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: var(--_accent);
  color: var(--_on-accent);
  box-shadow: var(--_button-shadow);
  cursor: pointer;
}
.button .icon { width: 60%; height: 60%; fill: currentColor; }
.tooltip {
  position: absolute;
  bottom: calc(var(--_size) / 2 - 1em);
  right: calc(var(--_size) + 12px);
  max-width: min(240px, 60vw);
  padding: 6px 12px;
  border-radius: 8px;
  background: var(--_surface);
  color: var(--_text);
  box-shadow: var(--_tooltip-shadow);
  font-size: 0.875rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  animation: join-chat-pop 0.3s ease both;
}
.root[data-position='left'] .tooltip { right: auto; left: calc(var(--_size) + 12px); }
.badge {
  position: absolute;
  bottom: calc(var(--_size) - 16px);
  right: -4px;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: 10px;
  background: var(--_badge-bg);
  color: var(--_badge-text);
  font-size: 12px;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
  pointer-events: none;
  animation: join-chat-pop 0.3s ease both;
}
.root[data-position='left'] .badge { right: auto; left: calc(var(--_size) - 16px); }
.badge[data-state='out'] { display: none; }

/* The chatbox opens above the button without growing the fixed root (issue 32: a root anchored
   bottom right that grows moves its corner, a layout shift); 12px is the root's gap. */
.chatbox {
  position: absolute;
  bottom: calc(100% + 12px);
  right: 0;
  display: none;
  flex-direction: column;
  width: var(--_width);
  max-width: calc(100vw - 2 * var(--_side));
  max-height: min(560px, calc(var(--vh, 100vh) - var(--_bottom) - var(--_size) - 40px));
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: var(--_radius);
  overflow: hidden;
  background: var(--_chat-bg);
  color: var(--_text);
  box-shadow: var(--_chatbox-shadow);
  animation: join-chat-pop 0.3s ease both;
}
.chatbox[open] { display: flex; }
.root[data-position='left'] .chatbox,
:host(:dir(rtl)) .root:not([data-position='left']) .chatbox { right: auto; left: 0; }
.header {
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 48px;
  padding: 8px 8px 8px 16px;
  background: var(--_accent);
  color: var(--_on-accent);
}
.title { flex: 1; font-weight: 600; }
.close {
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: var(--_close-bg);
  color: inherit;
  cursor: pointer;
}
.close svg { width: 18px; height: 18px; stroke: currentColor; stroke-width: 2.5; stroke-linecap: round; fill: none; }
.chat {
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  padding: 16px;
  overflow-y: auto;
  overscroll-behavior: contain;
}
.time { align-self: center; font-size: 0.75rem; color: var(--_time-color); }
.bubble {
  max-width: 90%;
  margin: 0;
  padding: 8px 12px;
  border-radius: 0 12px 12px 12px;
  background: var(--_bubble-bg);
  color: var(--_bubble-text);
  box-shadow: var(--_bubble-shadow);
  white-space: pre-line;
  overflow-wrap: anywhere;
  animation: join-chat-pop 0.3s ease both;
}
.bubble.note { align-self: center; border-radius: 8px; background: var(--_note-bg); font-size: 0.875rem; }
.typing .dots { display: inline-flex; gap: 4px; padding: 4px 0; }
.typing .dots span {
  width: 6px;
  height: 6px;
  border-radius: 50%;
  background: var(--_dots);
  animation: join-chat-dot 1s infinite ease-in-out;
}
.typing .dots span:nth-child(2) { animation-delay: 0.15s; }
.typing .dots span:nth-child(3) { animation-delay: 0.3s; }
.optin { font-size: 0.8125rem; }
.optin label { display: flex; gap: 8px; align-items: flex-start; cursor: pointer; }
.optin input { margin: 2px 0 0; accent-color: var(--_accent); }
.optin p { margin: 0; }
.open {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  margin: 0 16px 16px;
  padding: 10px 16px;
  border: 0;
  border-radius: 999px;
  background: var(--_accent);
  color: var(--_on-accent);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
}
.open[aria-disabled='true'] { opacity: 0.6; }
.open svg { width: 18px; height: 18px; fill: currentColor; }
.qr { margin: 0 16px 16px; text-align: center; font-size: 0.75rem; }
.qr svg { display: block; width: 120px; height: 120px; margin: 0 auto 4px; }

@keyframes join-chat-pop { from { opacity: 0; transform: translateY(8px); } }
@keyframes join-chat-dot { 0%, 80%, 100% { opacity: 0.3; } 40% { opacity: 1; } }

@media (prefers-reduced-motion: reduce) {
  .root[data-animate], .root[data-animate][data-shown] { transition: none; }
  .root { transform: none; }
  .root * { animation: none; }
}
@media (forced-colors: active) {
  .button, .open, .header { border: 1px solid ButtonText; }
  .bubble { border: 1px solid CanvasText; }
}
`;
