/**
 * Styles of `<shop-mini-cart>` (adopted after the base styles; knobs documented on the element
 * class). Rules read the base vocabulary (`--_accent`, `--_on-accent`, `--_surface`, `--_text`,
 * `--_border-color`, `--_danger`, `--_radius`, `--_shadow`, `--_backdrop`) and the two knobs
 * declared here: the panel width and the dropdown's stacking order (high by default, as the
 * dropdown floats over the theme's header).
 */
export const styles = /* css */ `
:host {
  --_width: var(--width, 22rem);
  --_z-index: var(--z-index, var(--shop-z-index, 9999));
  display: inline-block;
  position: relative;
}
.launcher {
  display: inline-flex; align-items: center; gap: .4em;
  font: inherit; color: inherit; background: none; border: 1px solid transparent;
  border-radius: var(--_radius); padding: .4em .6em; cursor: pointer;
}
.launcher:hover { border-color: var(--_border-color); }
.launcher svg { width: 1.4em; height: 1.4em; }
.count {
  min-width: 1.5em; padding: 0 .35em; border-radius: 1em; text-align: center;
  background: var(--_accent); color: var(--_on-accent); font-size: .8em; line-height: 1.5em;
}
.panel {
  position: fixed; left: 0; top: 0; z-index: var(--_z-index); /* placed by Floating UI */
  width: var(--_width); max-width: calc(100vw - 2rem);
  background: var(--_surface); color: var(--_text);
  border: 1px solid var(--_border-color); border-radius: var(--_radius);
  box-shadow: var(--_shadow); padding: 1rem;
  animation: drop-in 200ms ease-out;
}
dialog.drawer {
  margin: 0 0 0 auto; height: 100dvh; max-height: none; width: var(--_width);
  max-width: 90vw; border: 0; padding: 1rem; background: var(--_surface);
  color: var(--_text);
  animation: slide-in 300ms ease-out;
}
:host([dir="rtl"]) dialog.drawer, :host(:dir(rtl)) dialog.drawer { margin: 0 auto 0 0; }
dialog.drawer::backdrop { background: var(--_backdrop); }
.head { display: flex; justify-content: space-between; align-items: center; margin-bottom: .75rem; }
.title { margin: 0; font-size: 1.1em; }
.close { font: inherit; color: inherit; background: none; border: 0; font-size: 1.5em; line-height: 1; cursor: pointer; padding: .2em .4em; }
ul.lines { list-style: none; margin: 0; padding: 0; max-height: 60vh; overflow: auto; }
li.line {
  display: grid; grid-template-columns: 3.5rem 1fr auto; gap: .25rem .75rem; align-items: center;
  padding: .6rem 0; border-bottom: 1px solid var(--_border-color);
}
li.line[aria-busy="true"] { opacity: .5; pointer-events: none; }
li.line img { width: 3.5rem; height: 3.5rem; object-fit: cover; grid-row: span 2; border-radius: var(--_radius); }
.name { color: inherit; font-weight: 600; text-decoration: none; }
.name:hover { text-decoration: underline; }
.details { margin: .1rem 0 0; font-size: .85em; }
.details div { display: inline; }
.details div + div::before { content: " · "; }
.details dt, .details dd { display: inline; margin: 0; }
.remove {
  font: inherit; color: inherit; background: none; border: 1px solid var(--_border-color); border-radius: 50%;
  width: 1.8em; height: 1.8em; cursor: pointer; line-height: 1; grid-row: span 2;
}
.remove:hover { background: var(--_danger); color: var(--_on-accent); border-color: var(--_danger); }
.qty { display: flex; align-items: center; gap: .25rem; }
.qty button { font: inherit; color: inherit; width: 1.8em; height: 1.8em; border: 1px solid var(--_border-color); background: none; cursor: pointer; }
.qty input { width: 3.5em; text-align: center; font: inherit; padding: .15em; }
.qty-error { grid-column: 2 / 4; color: var(--_danger); font-size: .85em; margin: 0; }
.price { font-size: .9em; }
.subtotal { display: flex; justify-content: space-between; margin: .75rem 0; }
.actions { display: flex; gap: .5rem; }
.actions a {
  flex: 1; text-align: center; padding: .6em; border-radius: var(--_radius);
  border: 1px solid var(--_accent); color: var(--_accent); text-decoration: none; font-weight: 600;
}
.actions a.checkout { background: var(--_accent); color: var(--_on-accent); }
.empty { margin: .5rem 0; }
.error { color: var(--_danger); }
@keyframes drop-in { from { opacity: 0; transform: translateY(-6px); } }
@keyframes slide-in { from { transform: translateX(100%); } }
`;
