import { map, type ReadableAtom } from 'nanostores';
import { announce as announceToPage } from '../../shared/a11y/announce.ts';
import { removeCartItem, setCartItemQuantity } from '../../shared/cart/actions.ts';
import { $cart } from '../../shared/cart/store.ts';
import { type Clock, pageClock } from '../../shared/clock.ts';
import { on } from '../../shared/events.ts';
import { fill, languageOf, plural } from '../../shared/format/messages.ts';
import { floatingUi } from '../../shared/hooks/use-floating-placement.ts';
import { nativeEventArgs, onJQuery } from '../../shared/jquery-bridge.ts';
import { sanitizer } from '../../shared/sanitizer.ts';
import type { CartLine } from '../../shared/shop/cart-types.ts';
import type { MiniCartMessages, MiniCartSettings } from './shop-mini-cart.settings.ts';

/** How the cart shows: a dropdown under the launcher, or a modal drawer. */
export type MiniCartMode = 'dropdown' | 'drawer';

/** What the view renders. */
export interface MiniCartState {
  open: boolean;
  mode: MiniCartMode;
}

/** The cart operations the controller calls (the shared cart, or a test double). */
export interface MiniCartCart {
  remove(key: string, source: Element): Promise<boolean>;
  setQuantity(key: string, quantity: number, source: Element): Promise<boolean>;
  /** The number of items in the cart now. */
  count(): number;
  /** The shop's own words about the last failure, '' when none (shown instead of ours). */
  shopMessage?(): string;
}

/** The settings the controller reads. */
export type MiniCartControllerSettings = Pick<
  MiniCartSettings,
  'mode' | 'revealMs' | 'revealOnAdd' | 'messages'
>;

export interface MiniCartControllerOptions {
  /** The element: source of cart events, the inside of the dropdown, and where the language is read. */
  host: Element;
  settings: MiniCartControllerSettings;
  /** Whether the drawer media query matches (used in `auto` mode). */
  narrow: boolean;
  /** Takes focus back to the launcher (after Escape or the close button in the dropdown). */
  focusLauncher?(): void;
  /** Where adds, Escape and outside pointer downs are heard (default: the document). */
  events?: EventTarget;
  clock?: Clock;
  cart?: MiniCartCart;
  announce?(text: string): void;
}

/**
 * The remove link WooCommerce's mini-cart prints for a line (`a.remove.remove_from_cart_button`
 * with the line's data attributes), handed to `removed_from_cart` as its `$button` (issue 11
 * item 8): tracking plugins read `data-product_id` and the others from it. Detached.
 */
export function removeLinkOf(line: CartLine | undefined, key: string): HTMLAnchorElement {
  const link = document.createElement('a');
  link.className = 'remove remove_from_cart_button';
  if (line?.removeHref) link.href = line.removeHref;
  const data: Record<string, string> = {
    ...line?.removeData,
    product_id: line?.productId ?? '',
    cart_item_key: key,
    product_sku: line?.sku ?? '',
  };
  for (const [name, value] of Object.entries(data)) {
    try {
      link.setAttribute(`data-${name}`, value);
    } catch {
      // an attribute name a browser refuses: left out
    }
  }
  link.textContent = '×';
  return link;
}

const sharedCart: MiniCartCart = {
  remove: (key, source) =>
    removeCartItem(
      key,
      source,
      removeLinkOf(
        $cart.value!.lines.find((l) => l.key === key),
        key,
      ),
    ),
  setQuantity: setCartItemQuantity,
  count: () => $cart.value!.count,
  shopMessage: () => $cart.value!.shopMessage,
};

/** The mode in use: `auto` is the drawer when the media query matches (spec §2, §9: up to 849 px). */
export function modeOf(mode: MiniCartSettings['mode'], narrow: boolean): MiniCartMode {
  if (mode === 'auto') return narrow ? 'drawer' : 'dropdown';
  return mode;
}

/** "3 items" in the plural form of `lang`. */
export function itemsText(messages: MiniCartMessages, lang: string | undefined, count: number): string {
  return plural(lang, count, { one: messages.item, other: messages.items });
}

/**
 * The mini-cart's behaviour without React: open or closed, dropdown or drawer, the reveal after
 * an add (spec §2/§9: the dropdown shows for `revealMs`, 5000 ms, paused while hovered or
 * focused), Escape and outside clicks closing the dropdown, and the line intents with their
 * announcements. The drawer's own closing (Escape, focus return) is the native dialog's.
 */
export class MiniCartController {
  readonly #state = map<MiniCartState>({ open: false, mode: 'dropdown' });
  readonly #host: Element;
  readonly #events: EventTarget;
  readonly #clock: Clock;
  readonly #cart: MiniCartCart;
  readonly #announce: (text: string) => void;
  readonly #focusLauncher: () => void;
  #settings: MiniCartControllerSettings;
  #hideTimer: unknown;
  #stopAdds: (() => void) | undefined;
  #stopDismiss: (() => void) | undefined;

  constructor(options: MiniCartControllerOptions) {
    this.#host = options.host;
    this.#events = options.events ?? document;
    this.#clock = options.clock ?? pageClock;
    this.#cart = options.cart ?? sharedCart;
    this.#announce = options.announce ?? announceToPage;
    this.#focusLauncher = options.focusLauncher ?? (() => {});
    this.#settings = options.settings;
    this.#state.setKey('mode', modeOf(options.settings.mode, options.narrow));
  }

  /** The state the view renders. */
  get $state(): ReadableAtom<MiniCartState> {
    return this.#state;
  }

  /** New settings or a new media query result. */
  configure(settings: MiniCartControllerSettings, narrow: boolean): void {
    this.#settings = settings;
    const mode = modeOf(settings.mode, narrow);
    if (mode !== this.#state.get().mode) {
      this.#set({ mode });
      // A running reveal belongs to the dropdown; the drawer stays until closed.
      if (mode === 'drawer') this.#clearHide();
    }
  }

  /**
   * Starts listening for adds; returns {@link disconnect}. Adds are ours (`shop-cart-item-added`)
   * and those of WooCommerce's scripts (issue 11 item 6): add-to-cart.js's jQuery `added_to_cart`
   * and single-add-to-cart.js's native `added_to_cart` CustomEvent (arguments in
   * `event.detail.detail`). An `added_to_cart` without fragments is no add (Flatsome sends one
   * after a mini-cart quantity change; single-add-to-cart.js after a failed add).
   */
  connect(): () => void {
    if (!this.#stopAdds) {
      const stopOurs = on(this.#events, 'shop-cart-item-added', () => this.#reveal());
      const revealFor = (args: unknown[]) => {
        if (args[0] && typeof args[0] === 'object') this.#reveal();
      };
      const stopJQuery = onJQuery('added_to_cart', (_name, args) => revealFor(args), { native: false });
      const onNative = (event: Event) => revealFor(nativeEventArgs(event));
      this.#events.addEventListener('added_to_cart', onNative);
      this.#stopAdds = () => {
        stopOurs();
        stopJQuery();
        this.#events.removeEventListener('added_to_cart', onNative);
      };
    }
    this.#syncDismiss();
    return () => this.disconnect();
  }

  /** Stops every listener and timer (the element left the page). */
  disconnect(): void {
    this.#stopAdds?.();
    this.#stopAdds = undefined;
    this.#stopDismiss?.();
    this.#stopDismiss = undefined;
    this.#clearHide();
  }

  /** The launcher was pressed. */
  toggle(): void {
    if (this.#state.get().open) this.close(false);
    else this.open();
  }

  /**
   * The shopper reaches for the launcher (pointer over it, focus on it): the panel's lazy code
   * starts loading (issue 19), the sanitiser for the prices and Floating UI for the dropdown, so
   * the panel opens complete.
   */
  reach(): void {
    sanitizer.preload();
    if (this.#state.get().mode === 'dropdown') floatingUi.preload();
  }

  open(): void {
    this.reach();
    this.#clearHide();
    this.#set({ open: true });
  }

  /** Closes; `returnFocus` puts focus back on the launcher in the dropdown (the drawer's dialog returns it itself). */
  close(returnFocus: boolean): void {
    this.#clearHide();
    const { mode } = this.#state.get();
    this.#set({ open: false });
    if (returnFocus && mode === 'dropdown') this.#focusLauncher();
  }

  /** The shopper is in the dropdown (pointer or focus): the reveal no longer hides it. */
  pause(): void {
    this.#clearHide();
  }

  /** Removes a line and announces it (spec §4 Mini-cart: the row is blocked meanwhile). */
  async remove(line: CartLine): Promise<void> {
    if (await this.#cart.remove(line.key, this.#host)) {
      this.#announce(fill(this.#messages.removed, { name: line.name }));
    }
  }

  /** Sends a line's new quantity, then announces the cart's new count or the failure. */
  async changeQuantity(line: CartLine, quantity: number): Promise<void> {
    const ok = await this.#cart.setQuantity(line.key, quantity, this.#host);
    const messages = this.#messages;
    this.#announce(
      ok
        ? fill(messages.updated, { items: itemsText(messages, languageOf(this.#host), this.#cart.count()) })
        : this.#cart.shopMessage?.() || messages.error,
    );
  }

  get #messages(): MiniCartMessages {
    return this.#settings.messages;
  }

  // spec §2/§9: after an add the dropdown shows for revealMs (5000 ms), or the drawer opens.
  #reveal() {
    if (!this.#settings.revealOnAdd) return;
    this.open();
    if (this.#state.get().mode === 'dropdown') {
      this.#hideTimer = this.#clock.setTimeout(() => {
        this.#hideTimer = undefined;
        this.#set({ open: false });
      }, this.#settings.revealMs);
    }
  }

  #clearHide() {
    if (this.#hideTimer === undefined) return;
    this.#clock.clearTimeout(this.#hideTimer);
    this.#hideTimer = undefined;
  }

  #set(patch: Partial<MiniCartState>) {
    this.#state.set({ ...this.#state.get(), ...patch });
    this.#syncDismiss();
  }

  /** Escape and pointer downs outside close the open dropdown; listened to only then. */
  #syncDismiss() {
    const { open, mode } = this.#state.get();
    const wanted = open && mode === 'dropdown' && this.#stopAdds !== undefined;
    if (wanted && !this.#stopDismiss) {
      const onKey = (event: Event) => {
        if ((event as KeyboardEvent).key === 'Escape') this.close(true);
      };
      const onPointer = (event: Event) => {
        if (!event.composedPath().includes(this.#host)) this.close(false);
      };
      this.#events.addEventListener('keydown', onKey);
      this.#events.addEventListener('pointerdown', onPointer);
      this.#stopDismiss = () => {
        this.#events.removeEventListener('keydown', onKey);
        this.#events.removeEventListener('pointerdown', onPointer);
      };
    } else if (!wanted && this.#stopDismiss) {
      this.#stopDismiss();
      this.#stopDismiss = undefined;
    }
  }
}
