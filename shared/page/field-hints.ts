import { hideElement, showElement } from './behaviour.ts';
import { definePageBehaviour } from './define-behaviour.ts';

export const FIELD_HINT_SELECTOR = '.woocommerce-input-wrapper .description';

/**
 * Field description hints (spec §2 Other, §9: slide 250 ms), as WooCommerce does it for checkout
 * and account fields: a field's `span.description` inside its `.woocommerce-input-wrapper`
 * slides open when the field gets focus or is clicked (closing any other open hint), and slides
 * closed on Escape in the field or on a click outside every field wrapper. The hint stays tied
 * to its field by `aria-describedby` (set when the theme did not), so screen readers read it
 * whether or not it is open. No slide under reduced motion.
 */

/** spec §9 Storefront helpers: description slide 250 ms. */
export const HINT_SLIDE_MS = 250;
const WRAPPER = '.woocommerce-input-wrapper';
const FIELD = 'input, select, textarea';

let ids = 0;

/** Installs the hints of the fields under the root. */
export const installFieldHints = definePageBehaviour({
  name: 'field-hints',
  selector: FIELD_HINT_SELECTOR,
  install(root, context) {
    const clock = context.clock;
    const doc = context.document;
    const open = new Set<HTMLElement>();
    const closing = new Map<HTMLElement, unknown>();

    const hintOf = (wrapper: Element | null) =>
      wrapper?.querySelector<HTMLElement>(':scope > .description') ?? null;

    const enhance = (hint: HTMLElement) => {
      const field = hint.closest(WRAPPER)?.querySelector(FIELD);
      context.keep(hint, 'id', 'aria-hidden', 'hidden', 'style');
      if (field) context.keep(field, 'aria-describedby');
      if (!hint.id) hint.id = `shop-field-hint-${++ids}`;
      const described = field?.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
      if (field && !described.includes(hint.id))
        field.setAttribute('aria-describedby', [...described, hint.id].filter(Boolean).join(' '));
      if (!open.has(hint)) {
        hint.removeAttribute('aria-hidden'); // hidden by display, still read through aria-describedby
        hideElement(hint);
      }
    };
    // Fields that arrive later (checkout fields refreshed by ajax) are prepared too.
    context.each(FIELD_HINT_SELECTOR, enhance);

    const slide = (hint: HTMLElement, opening: boolean) => {
      if (context.reducedMotion() || typeof hint.animate !== 'function') return;
      const height = `${hint.scrollHeight}px`;
      const frames = [
        { height: '0px', overflow: 'hidden', paddingBlock: '0px' },
        { height, overflow: 'hidden' },
      ];
      hint.animate(opening ? frames : [...frames].reverse(), { duration: HINT_SLIDE_MS, easing: 'ease' });
    };

    const close = (hint: HTMLElement) => {
      if (!open.delete(hint)) return;
      slide(hint, false);
      if (context.reducedMotion()) {
        hideElement(hint);
        return;
      }
      closing.set(
        hint,
        clock.setTimeout(() => {
          closing.delete(hint);
          hideElement(hint);
        }, HINT_SLIDE_MS),
      );
    };

    const openHint = (hint: HTMLElement) => {
      for (const other of [...open]) if (other !== hint) close(other);
      if (open.has(hint)) return;
      open.add(hint);
      const wasClosing = closing.has(hint);
      clock.clearTimeout(closing.get(hint));
      closing.delete(hint);
      showElement(hint);
      if (!wasClosing) slide(hint, true);
      else for (const animation of hint.getAnimations()) animation.reverse();
    };

    const onFocus = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.matches(FIELD)) return;
      const hint = hintOf(target.closest(WRAPPER));
      if (hint && root.contains(hint)) openHint(hint);
    };
    const onClick = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      const wrapper = target?.closest(WRAPPER);
      if (wrapper && root.contains(wrapper)) {
        const hint = hintOf(wrapper);
        if (hint) openHint(hint);
        return;
      }
      for (const hint of [...open]) close(hint); // a click outside every field
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target instanceof Element ? event.target : null;
      const hint = hintOf(target?.closest(WRAPPER) ?? null);
      if (hint && open.has(hint)) {
        close(hint);
        event.preventDefault();
      }
    };

    context.on(root, 'focusin', onFocus);
    context.on(doc, 'click', onClick);
    context.on(root, 'keydown', onKey);
    return () => {
      for (const timer of closing.values()) clock.clearTimeout(timer);
    };
  },
});
