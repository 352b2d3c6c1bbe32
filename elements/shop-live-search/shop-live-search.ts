import { defineElement } from '../../shared/define-element.tsx';
import { LiveSearchController } from './shop-live-search.controller.ts';
import { liveSearchSettings } from './shop-live-search.settings.ts';
import { styles } from './shop-live-search.styles.ts';
import { readThemeForm, submitThemeForm } from './shop-live-search.theme-form.ts';
import { LiveSearch } from './shop-live-search.view.tsx';

/**
 * Live product search (spec §4, §5, §7, §9 Live search) over the theme's own search form, as a
 * WAI-ARIA 1.2 combobox with a listbox popup. Without JavaScript the theme's `form.searchform`
 * (inside the element, or beside it) submits to the results page as before.
 *
 * Keyboard: Down/Up move through the suggestions (opening the list, wrapping round; Alt+Down
 * opens without moving, Alt+Up closes), Enter goes to the active suggestion or searches,
 * Escape closes the list (or clears the field when it is closed), Home/End return to the field
 * with the caret at the start/end, typing always edits the field.
 *
 * @tagname shop-live-search
 * @summary Product suggestions with image, name and price as the shopper types.
 * @attr {string} settings - JSON matching `liveSearchSettings`; invalid fields are reported and their defaults used.
 * @attr {number} min-chars - Characters needed before a request (default 3).
 * @attr {number} delay - Request delay in ms (default: the page's `search_result_latency`).
 * @attr {string} form - id of the theme's search form when it sits beside the element.
 * @event {CustomEvent<{ query: string; category: string }>} shop-search-submitted - The shopper searched (Enter or the button), before the results page loads.
 * @event {CustomEvent<{ query: string; category: string; id: number; value: string; url: string }>} shop-search-selected - The shopper chose a suggestion, before going to its page.
 * @event {CustomEvent<{ query: string; category: string; message: string }>} shop-search-failed - A suggestion request failed (network, time-out, malformed answer; not a cancelled one); the box keeps working and the failure is also written to the console.
 * @csspart form - The search form.
 * @csspart field - Wrapper of the input and the list.
 * @csspart input - The search field (role combobox).
 * @csspart category - The category dropdown (when the theme's form has one).
 * @csspart search-button - The submit button; carries `data-loading` while a request runs.
 * @csspart spinner - The loading indicator inside the button.
 * @csspart listbox - The suggestion list.
 * @csspart option - A suggestion.
 * @csspart option--active - The active suggestion (also has part `option`).
 * @csspart option--disabled - A suggestion that does not navigate, id -1 (also has part `option`).
 * @csspart option--type-product - A row Flatsome marks `type: 'Product'`; likewise `option--type-page` for
 *   posts and pages, `option--type-<type>` for any other type the shop sends (lower case).
 * @csspart option-image - The product image (an empty placeholder when the shop sends `img: false`).
 * @csspart option-name - The product name, as text (WordPress's HTML entities decoded).
 * @csspart option-match - The part of the name that matches the query.
 * @csspart option-price - The price (sanitised shop HTML).
 * @cssproperty [--max-height=300px] - Highest the list grows before it scrolls.
 * @cssproperty [--z-index=9999] - Stacking level of the list.
 * @cssproperty [--image-size=40px] - Size of the product images.
 * @cssproperty [--border-color=var(--shop-color-border)] - Borders of the controls and the list.
 * @cssproperty [--radius=var(--shop-radius)] - Corner radius.
 * @cssproperty [--surface=var(--shop-color-surface)] - Background of the controls and the list (was `--background`).
 * @cssproperty [--active-background=12% accent over the surface] - Background of the active suggestion.
 * @cssproperty [--accent=var(--shop-color-accent)] - Search button background; tints the active suggestion (was `--button-background`).
 * @cssproperty [--on-accent=var(--shop-color-accent-text)] - Search button text (was `--button-color`).
 */
export class ShopLiveSearchElement extends defineElement(LiveSearch, {
  tag: 'shop-live-search',
  settings: liveSearchSettings,
  styles,
  attributes: {
    'min-chars': { key: 'minChars', type: 'number' },
    delay: { key: 'delay', type: 'number' },
    form: { key: 'form', type: 'string' },
  },
  // Each connection starts from the theme form's values; a search submits that form (read then).
  controller: ({ host, settings$ }) =>
    new LiveSearchController({
      host,
      settings: () => settings$.get(),
      initial: () => {
        const theme = readThemeForm(host, settings$.get());
        return { query: theme.value, category: theme.category };
      },
      submitForm: (query, category) => submitThemeForm(readThemeForm(host, settings$.get()), query, category),
    }),
}) {}

ShopLiveSearchElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'shop-live-search': ShopLiveSearchElement;
  }
}
