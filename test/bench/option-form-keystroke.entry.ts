// Page script of option-form-keystroke.trace.mjs (bundled by it with esbuild): mounts the
// 1,000-field benchmark form and types into its per-character priced field.
import '../../elements/shop-option-form/shop-option-form.ts';
import { generateForm } from '../elements/shop-option-form/generate.ts';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function definition() {
  const form = generateForm(42, 1000, 300, 100, 10);
  Object.assign(form.sections[0].fields[0][0] as object, {
    type: 'text',
    label: 'Engraving',
    pricingType: 'per_car',
    price: 0.5,
    enableCl: false,
  });
  return form;
}

let host: HTMLElement | null = null;

/** Mounts the form (replacing a previous one); resolves with the ms to its first painted frame. */
async function mount(): Promise<number> {
  for (const old of document.querySelectorAll('form')) old.remove();
  const form = document.createElement('form');
  form.className = 'cart';
  form.innerHTML = '<shop-option-form></shop-option-form><input name="quantity" value="1">';
  const el = form.querySelector('shop-option-form') as HTMLElement & { settings: unknown };
  const t0 = performance.now();
  el.settings = { definition: definition(), product: { product_price: 25 } };
  document.body.append(form);
  while (!el.shadowRoot?.querySelector('.summary')) await nextFrame();
  await nextFrame();
  host = el;
  return performance.now() - t0;
}

/** `n` keystrokes, each after two frames; medians of keystroke -> total updated and -> next frame. */
async function keys(n: number): Promise<{ updated: number; frame: number }> {
  const root = host!.shadowRoot!;
  const input = root.querySelector<HTMLInputElement>('[data-field-id="f0"] input')!;
  const total = root.querySelector('.summary-row--total dd')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const updated: number[] = [];
  const frame: number[] = [];
  let text = '';
  for (let i = 0; i < n; i++) {
    await nextFrame();
    await nextFrame();
    text = text.length > 15 ? '' : `${text}x`;
    const before = total.textContent;
    const t0 = performance.now();
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    for (let spin = 0; total.textContent === before && spin < 1000; spin++) await Promise.resolve();
    while (total.textContent === before) await nextTask();
    updated.push(performance.now() - t0);
    await nextFrame();
    frame.push(performance.now() - t0);
  }
  return { updated: median(updated), frame: median(frame) };
}

Object.assign(window, { benchMount: mount, benchKeys: keys });
