import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { announce } from '../../shared/a11y/announce.ts';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { on } from '../../shared/events.ts';
import { raiseToMin, stepQuantity } from '../../shared/quantity.ts';
import { SanitizedHtml } from '../../shared/sanitized-html.tsx';
import { installAddToCartButtons } from '../../shared/page/add-to-cart-buttons.ts';
import { removeCartItem, setCartItemQuantity } from '../../shared/shop/cart.ts';
import { $cart, type CartLine } from '../../shared/stores/cart.ts';
import { fill, type MiniCartSettings } from './shop-mini-cart.settings.ts';

type Texts = MiniCartSettings['texts'];

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}

const itemsText = (texts: Texts, count: number) => fill(count === 1 ? texts.item : texts.items, { count });

/** The compact cart that follows `$cart`: a dropdown, or a drawer on narrow screens. */
export function MiniCart({ settings, host }: ElementViewProps<MiniCartSettings>) {
  const cart = useStore($cart);
  const { texts } = settings;
  const narrow = useMediaQuery(`(max-width: ${settings.drawerBreakpoint}px)`);
  const mode = settings.mode === 'auto' ? (narrow ? 'drawer' : 'dropdown') : settings.mode;
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const panelId = useId();
  const titleId = useId();

  // The cart starts with the first element that needs it; page buttons get ajax add-to-cart.
  useEffect(() => {
    installAddToCartButtons();
  }, []);

  const close = (returnFocus: boolean) => {
    clearTimeout(hideTimer.current);
    setOpen(false);
    // The dropdown unmounts and takes focus with it; the drawer's focus is handled below.
    if (returnFocus && mode === 'dropdown') launcher.current?.focus();
  };

  // spec §2/§9: after an add the dropdown shows for revealMs (5000 ms), or the drawer opens.
  useEffect(
    () =>
      on(document, 'shop-cart-item-added', () => {
        if (!settings.revealOnAdd) return;
        setOpen(true);
        clearTimeout(hideTimer.current);
        if (mode === 'dropdown') hideTimer.current = setTimeout(() => setOpen(false), settings.revealMs);
      }),
    [mode, settings.revealOnAdd, settings.revealMs],
  );
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // Drawer: a native modal <dialog> (DESIGN §8). On close the browser returns focus to what had
  // it before showModal (the launcher, or the add-to-cart button whose add opened the drawer);
  // when nothing is left to take it, the launcher does.
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && mode === 'drawer' && !el.open) el.showModal();
    if ((!open || mode !== 'drawer') && el.open) {
      el.close();
      const active = document.activeElement;
      if (!active || active === document.body) launcher.current?.focus();
    }
  }, [open, mode]);

  // Dropdown: placed under the launcher by Floating UI, flipped above it or shifted sideways so
  // it stays on screen wherever the theme puts the cart (left, right, near the bottom).
  useLayoutEffect(() => {
    const anchor = launcher.current;
    const floating = panel.current;
    if (!open || mode !== 'dropdown' || !anchor || !floating) return;
    return autoUpdate(anchor, floating, () => {
      computePosition(anchor, floating, {
        strategy: 'fixed',
        placement: 'bottom-end',
        middleware: [offset(6), flip(), shift({ padding: 8 })],
      }).then(({ x, y }) => {
        floating.style.left = `${x}px`;
        floating.style.top = `${y}px`;
      });
    });
  }, [open, mode]);

  // Dropdown: Escape and outside clicks close it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close only touches refs and state setters
  useEffect(() => {
    if (!open || mode !== 'dropdown') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!event.composedPath().includes(host)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, mode, host]);

  const remove = async (line: CartLine) => {
    if (await removeCartItem(line.key, host)) announce(fill(texts.removed, { name: line.name }));
  };
  const changeQuantity = async (line: CartLine, quantity: number) => {
    const ok = await setCartItemQuantity(line.key, quantity, host);
    announce(ok ? fill(texts.updated, { items: itemsText(texts, $cart.get().count) }) : texts.error);
  };

  const body = (
    <>
      <div className="head">
        <h2 className="title" id={titleId} part="title">
          {texts.title}
        </h2>
        <button
          type="button"
          className="close"
          part="close-button"
          aria-label={texts.close}
          onClick={() => close(true)}
        >
          ×
        </button>
      </div>
      {cart.lines.length === 0 ? (
        <p className="empty" part="empty">
          {texts.empty}
        </p>
      ) : (
        <>
          <ul className="lines" part="lines">
            {cart.lines.map((line) => (
              <Line
                key={line.key}
                line={line}
                texts={texts}
                quantities={settings.quantities}
                pending={cart.pending.includes(line.key)}
                onRemove={remove}
                onQuantity={changeQuantity}
              />
            ))}
          </ul>
          {cart.subtotalHtml && (
            <p className="subtotal" part="subtotal">
              <strong>{texts.subtotal}</strong> <SanitizedHtml html={cart.subtotalHtml} />
            </p>
          )}
          <div className="actions" part="actions">
            {cart.links.map((link) => (
              <a
                key={link.href}
                href={link.href}
                className={link.checkout ? 'checkout' : ''}
                part={link.checkout ? 'checkout-link' : 'cart-link'}
              >
                {link.text}
              </a>
            ))}
          </div>
        </>
      )}
      {cart.error && (
        <p className="error" part="error" role="alert">
          {texts.error}
        </p>
      )}
    </>
  );

  return (
    <>
      <button
        ref={launcher}
        type="button"
        className="launcher"
        part="button"
        aria-expanded={open}
        aria-controls={mode === 'dropdown' ? panelId : undefined}
        aria-haspopup={mode === 'drawer' ? 'dialog' : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
          <circle cx="10" cy="20" r="1.5" />
          <circle cx="17" cy="20" r="1.5" />
        </svg>
        <span>{texts.label}</span>
        <span className="count" part="count">
          <span aria-hidden="true">{cart.count}</span>
          <span className="visually-hidden">, {itemsText(texts, cart.count)}</span>
        </span>
      </button>
      {mode === 'dropdown' && open && (
        // biome-ignore lint/a11y/useSemanticElements: a labelled region inside a shadow root; <section> would add a landmark per instance
        <div
          ref={panel}
          id={panelId}
          className="panel"
          part="panel"
          role="region"
          aria-labelledby={titleId}
          onPointerEnter={() => clearTimeout(hideTimer.current)}
          onFocus={() => clearTimeout(hideTimer.current)}
        >
          {body}
        </div>
      )}
      <dialog
        ref={dialog}
        className="drawer"
        part="panel drawer"
        aria-labelledby={titleId}
        onClose={() => open && close(false)}
      >
        {mode === 'drawer' && open && body}
      </dialog>
    </>
  );
}

interface LineProps {
  line: CartLine;
  texts: Texts;
  quantities: boolean;
  pending: boolean;
  onRemove(line: CartLine): void;
  onQuantity(line: CartLine, quantity: number): void;
}

/** One cart line; blocked while its request runs (spec §4 Mini-cart). */
function Line({ line, texts, quantities, pending, onRemove, onQuantity }: LineProps) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(String(line.quantity));
  const [invalid, setInvalid] = useState('');
  const errorId = useId();
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);
  const { min, max, step } = line.limits;

  // spec §5: sent only if the browser validity check passes; otherwise its message shows.
  const commit = (next: number) => {
    const el = input.current;
    if (!el) return;
    el.value = String(next);
    setValue(el.value);
    if (!el.checkValidity()) {
      setInvalid(el.validationMessage);
      el.reportValidity();
      return;
    }
    setInvalid('');
    if (next !== line.quantity) onQuantity(line, next);
  };

  return (
    <li className="line" part="line" aria-busy={pending}>
      {line.image?.src ? <img src={line.image.src} alt="" part="line-image" /> : <span />}
      <a className="name" href={line.url} part="line-name">
        {line.name}
      </a>
      <button
        type="button"
        className="remove"
        part="remove-button"
        aria-label={fill(texts.remove, { name: line.name })}
        disabled={pending}
        onClick={() => onRemove(line)}
      >
        ×
      </button>
      {quantities ? (
        <div className="qty" part="quantity">
          <button
            type="button"
            aria-label={fill(texts.decrease, { name: line.name })}
            disabled={pending}
            onClick={() => commit(stepQuantity(Number(value), -1, line.limits))}
          >
            −
          </button>
          <input
            ref={input}
            type="number"
            inputMode="decimal"
            min={min}
            max={max ?? undefined}
            step={step}
            value={value}
            disabled={pending}
            aria-label={fill(texts.quantity, { name: line.name })}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => value !== String(line.quantity) && commit(raiseToMin(Number(value), min))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit(raiseToMin(Number(value), min));
              }
            }}
          />
          <button
            type="button"
            aria-label={fill(texts.increase, { name: line.name })}
            disabled={pending}
            onClick={() => commit(stepQuantity(Number(value), 1, line.limits))}
          >
            +
          </button>
          <span className="price">
            × <SanitizedHtml html={line.priceHtml} />
          </span>
        </div>
      ) : (
        <span className="price" part="line-price">
          {line.quantity} × <SanitizedHtml html={line.priceHtml} />
        </span>
      )}
      {invalid && (
        <p className="qty-error" id={errorId} part="quantity-error">
          {invalid}
        </p>
      )}
    </li>
  );
}
