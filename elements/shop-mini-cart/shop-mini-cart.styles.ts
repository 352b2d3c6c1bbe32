/** Styles of `<shop-mini-cart>` (adopted; knobs documented on the element class). */
export const styles = /* css */ `
:host {
  display: inline-block;
  position: relative;
  --_accent: var(--accent, var(--shop-color-accent, #446084));
  --_surface: var(--surface, var(--shop-color-surface, #fff));
  --_border: var(--shop-color-border, #ddd);
}
.launcher {
  display: inline-flex; align-items: center; gap: .4em;
  font: inherit; color: inherit; background: none; border: 1px solid transparent;
  border-radius: var(--shop-radius, 4px); padding: .4em .6em; cursor: pointer;
}
.launcher:hover { border-color: var(--_border); }
.launcher svg { width: 1.4em; height: 1.4em; }
.count {
  min-width: 1.5em; padding: 0 .35em; border-radius: 1em; text-align: center;
  background: var(--_accent); color: #fff; font-size: .8em; line-height: 1.5em;
}
.panel {
  position: fixed; left: 0; top: 0; z-index: 9999; /* placed by Floating UI */
  width: var(--width, 22rem); max-width: calc(100vw - 2rem);
  background: var(--_surface); color: var(--shop-color-text, #222);
  border: 1px solid var(--_border); border-radius: var(--shop-radius, 6px);
  box-shadow: 0 10px 30px rgb(0 0 0 / .15); padding: 1rem;
  animation: drop-in 200ms ease-out;
}
dialog.drawer {
  margin: 0 0 0 auto; height: 100dvh; max-height: none; width: var(--width, 22rem);
  max-width: 90vw; border: 0; padding: 1rem; background: var(--_surface);
  color: var(--shop-color-text, #222);
  animation: slide-in 300ms ease-out;
}
:host([dir="rtl"]) dialog.drawer, :host(:dir(rtl)) dialog.drawer { margin: 0 auto 0 0; }
dialog.drawer::backdrop { background: rgb(0 0 0 / .5); }
.head { display: flex; justify-content: space-between; align-items: center; margin-bottom: .75rem; }
.title { margin: 0; font-size: 1.1em; }
.close { font: inherit; background: none; border: 0; font-size: 1.5em; line-height: 1; cursor: pointer; padding: .2em .4em; }
ul.lines { list-style: none; margin: 0; padding: 0; max-height: 60vh; overflow: auto; }
li.line {
  display: grid; grid-template-columns: 3.5rem 1fr auto; gap: .25rem .75rem; align-items: center;
  padding: .6rem 0; border-bottom: 1px solid var(--_border);
}
li.line[aria-busy="true"] { opacity: .5; pointer-events: none; }
li.line img { width: 3.5rem; height: 3.5rem; object-fit: cover; grid-row: span 2; border-radius: 4px; }
.name { color: inherit; font-weight: 600; text-decoration: none; }
.name:hover { text-decoration: underline; }
.remove {
  font: inherit; background: none; border: 1px solid var(--_border); border-radius: 50%;
  width: 1.8em; height: 1.8em; cursor: pointer; line-height: 1; grid-row: span 2;
}
.remove:hover { background: #b20000; color: #fff; border-color: #b20000; }
.qty { display: flex; align-items: center; gap: .25rem; }
.qty button { font: inherit; width: 1.8em; height: 1.8em; border: 1px solid var(--_border); background: none; cursor: pointer; }
.qty input { width: 3.5em; text-align: center; font: inherit; padding: .15em; }
.qty-error { grid-column: 2 / 4; color: #b20000; font-size: .85em; margin: 0; }
.price { font-size: .9em; }
.subtotal { display: flex; justify-content: space-between; margin: .75rem 0; }
.actions { display: flex; gap: .5rem; }
.actions a {
  flex: 1; text-align: center; padding: .6em; border-radius: var(--shop-radius, 4px);
  border: 1px solid var(--_accent); color: var(--_accent); text-decoration: none; font-weight: 600;
}
.actions a.checkout { background: var(--_accent); color: #fff; }
.empty { margin: .5rem 0; }
.error { color: #b20000; }
@keyframes drop-in { from { opacity: 0; transform: translateY(-6px); } }
@keyframes slide-in { from { transform: translateX(100%); } }
`;
