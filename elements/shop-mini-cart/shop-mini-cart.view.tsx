import { useStore } from '@nanostores/react';
import { useId, useLayoutEffect, useRef } from 'react';
import { $cart, type CartState } from '../../shared/cart/store.ts';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { languageOf } from '../../shared/format/messages.ts';
import { useFloatingPlacement } from '../../shared/hooks/use-floating-placement.ts';
import { useMediaQuery } from '../../shared/hooks/use-media-query.ts';
import { useModalDialog } from '../../shared/hooks/use-modal-dialog.ts';
import { SanitizedHtml } from '../../shared/sanitized-html.tsx';
import { itemsText, type MiniCartController } from './shop-mini-cart.controller.ts';
import { Line } from './shop-mini-cart.line.view.tsx';
import type { MiniCartSettings } from './shop-mini-cart.settings.ts';

/** The compact cart that follows `$cart`: a dropdown, or a drawer on narrow screens. */
export function MiniCart({
  settings,
  host,
  controller,
}: ElementViewProps<MiniCartSettings, MiniCartController>) {
  // The element keeps `$cart` started while it is on the page (its definition's `stores`).
  const cart = useStore($cart);
  const { messages } = settings;
  const narrow = useMediaQuery(`(max-width: ${settings.drawerBreakpoint}px)`);
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => controller.configure(settings, narrow), [controller, settings, narrow]);
  const { open, mode } = useStore(controller.$state);
  const panelId = useId();
  const titleId = useId();

  // Drawer: a native modal <dialog> (DESIGN §8). On close the browser returns focus to what had
  // it before showModal (the launcher, or the add-to-cart button whose add opened the drawer);
  // when nothing is left to take it, the launcher does.
  const dialog = useModalDialog({
    open: open && mode === 'drawer',
    onClose: () => controller.close(false),
    returnTo: launcher,
  });
  // Under the launcher, flipped above it or shifted sideways wherever the theme puts the cart.
  useFloatingPlacement(launcher, panel, open && mode === 'dropdown', 'bottom-end', 'shop-mini-cart');

  const body = (
    <CartBody
      cart={cart}
      settings={settings}
      titleId={titleId}
      onClose={() => controller.close(true)}
      onRemove={(line) => void controller.remove(line)}
      onQuantity={(line, quantity) => void controller.changeQuantity(line, quantity)}
    />
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
        onClick={() => controller.toggle()}
        onPointerEnter={() => controller.reach()}
        onFocus={() => controller.reach()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
          <circle cx="10" cy="20" r="1.5" />
          <circle cx="17" cy="20" r="1.5" />
        </svg>
        <span>{messages.label}</span>
        <span className="count" part="count">
          <span aria-hidden="true">{cart.count}</span>
          <span className="visually-hidden">, {itemsText(messages, languageOf(host), cart.count)}</span>
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
          onPointerEnter={() => controller.pause()}
          onFocus={() => controller.pause()}
        >
          {body}
        </div>
      )}
      <dialog ref={dialog} className="drawer" part="panel drawer" aria-labelledby={titleId}>
        {mode === 'drawer' && open && body}
      </dialog>
    </>
  );
}

interface CartBodyProps {
  cart: CartState;
  settings: MiniCartSettings;
  titleId: string;
  onClose(): void;
  onRemove: Parameters<typeof Line>[0]['onRemove'];
  onQuantity: Parameters<typeof Line>[0]['onQuantity'];
}

/** The panel's content, the same in the dropdown and the drawer. */
function CartBody({ cart, settings, titleId, onClose, onRemove, onQuantity }: CartBodyProps) {
  const { messages } = settings;
  return (
    <>
      <div className="head">
        <h2 className="title" id={titleId} part="title">
          {messages.title}
        </h2>
        <button
          type="button"
          className="close"
          part="close-button"
          aria-label={messages.close}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {cart.lines.length === 0 ? (
        <p className="empty" part="empty">
          {messages.empty}
        </p>
      ) : (
        <>
          <ul className="lines" part="lines">
            {cart.lines.map((line) => (
              <Line
                key={line.key}
                line={line}
                messages={messages}
                quantities={settings.quantities}
                pending={cart.pending.includes(line.key)}
                onRemove={onRemove}
                onQuantity={onQuantity}
              />
            ))}
          </ul>
          {cart.subtotalHtml && (
            <p className="subtotal" part="subtotal">
              <strong>{messages.subtotal}</strong> <SanitizedHtml html={cart.subtotalHtml} price />
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
          {cart.shopMessage || messages.error}
        </p>
      )}
    </>
  );
}
