import { defineElement } from '../../shared/define-element.tsx';
import { ChoiceGroup, Select } from './shop-option-form.choices.view.tsx';
import { OptionFormController } from './shop-option-form.controller.ts';
import { Display, Hidden, SingleCheckbox, TextArea, TextInput } from './shop-option-form.inputs.view.tsx';
import { registerFieldType, registerLazyFieldType } from './shop-option-form.registry.ts';
import { optionFormSettings } from './shop-option-form.settings.ts';
import { styles } from './shop-option-form.styles.ts';
import { OptionForm } from './shop-option-form.view.tsx';

/**
 * The product option form (spec §2 "Option forms", §3–§5, §7, §9), rendered from what the
 * option-form engine computes (`engine/`): fields, conditional visibility, prices, validation,
 * repeaters, accordions and the price summary. It lives inside the product form (`form.cart`) and
 * is form-associated: the chosen options post with that form in the engine's format
 * (`engine/README.md` "Posted form data") and the form is invalid while a blocking error
 * remains. The first submit is intercepted: every field is validated, blocking errors show, the
 * first invalid field takes focus and the form error line appears; on success the form submits
 * normally, or by ajax to `wcpa_ajax_add_to_cart` when `ajax` is on. Variation changes
 * (`$product`) update the product data the engine sees (price, stock, sku, attributes; a reset
 * restores the base product). A chosen image-group option whose `productImage` is set (a URL, or
 * a flag meaning the option's `image`) becomes the product image (`$product.image`, which the
 * product gallery follows) until it is unchosen or a variation is chosen. The form
 * re-initialises, keeping what the shopper entered, on `shop-option-form-init-request`
 * dispatched on the document, and on
 * `wcpa_init`, `elementor/frontend/init`, `elementor/popup/show` (jQuery triggers or native events,
 * on any element, the document or the window) and jQuery ajax responses holding `wcpa_form_outer`.
 * A select whose `dropdown_type` is `search` (also `searchable`, `select2`, `sumo`) is the
 * searchable select, loaded on first use: an APG combobox with a listbox, or with `multiple` a
 * multi-select listbox with the chosen options as removable tokens. Choice options may carry
 * a description (it describes the option's input) and a tooltip. Field types come from a registry
 * (`shop-option-form.registry.ts`).
 * Extras (issue 13): a captcha when the page config has `enable_recaptcha` (`config.recaptcha`:
 * `site_key`, `version` v2/v3, `invisible`, `script`; the submit waits for the token), the spam
 * tracker's `ak_` fields with `config.spam_tracker`, and per image field `image_popup`,
 * `image_preview`, `image_preview_disable_mobile`; each is a lazy chunk loaded only when used.
 *
 * Dates and times (issue 13) are native inputs where min/max and the step express the field's
 * rules, else a calendar (react-day-picker) in a dialog or inline, in the page's language; the
 * place selector uses the maps provider the page names in `shop_maps` (`api_key`, `script_url`,
 * `geolocate_url`; Google's by default). Both are lazy chunks, the calendar a further one.
 * The parts of the lazily loaded extras (`extras/`: uploads, dates, the place selector, captcha,
 * image popup) are listed with the others below.
 *
 * @tagname shop-option-form
 * @summary The product option form over the option-form engine.
 * @attr {string} settings - JSON matching `optionFormSettings` (definition, product, config, productId, ajax, scrollToError, summary, messages). A child `<script type="application/json">` or the `data-option-form` attribute may carry the same JSON. Invalid fields are reported and defaulted; bad form settings are warned about by elementId and dropped.
 * @attr {string} data-option-form - The option-form holder's data: the same JSON as `settings`.
 * @attr {boolean} ajax - Add to cart by ajax instead of submitting the page.
 * @attr {string} product-id - The product id posted as `add-to-cart` when the form has none.
 * @event {CustomEvent<{ productId: string; quantity: number; data: Record<string, string> }>} shop-cart-item-add-request - Cancelable: an ajax add is about to be sent.
 * @event {CustomEvent<{ productId: string; quantity: number; data: Record<string, string>; cartHash: string }>} shop-cart-item-added - The shop added the product with its options (ajax mode).
 * @event {CustomEvent<Record<string, never>>} shop-option-form-init-request - Listened for on the document (the page dispatches it, e.g. `emit(document, 'shop-option-form-init-request', {})`): the form re-initialises, keeping what the shopper entered (spec §2 init trigger).
 * @csspart form - The whole form.
 * @csspart section - A section.
 * @csspart section-title - A section's title.
 * @csspart section-toggle - An accordion section's header button.
 * @csspart section-body - A section's fields.
 * @csspart row - A row of fields.
 * @csspart field - One field.
 * @csspart label - A field's label or legend.
 * @csspart field-price - A field's price next to its label.
 * @csspart input - A text-like input, textarea or select.
 * @csspart description - A field's description.
 * @csspart counter - The characters-left counter.
 * @csspart errors - A field's error list.
 * @csspart error - One error message.
 * @csspart options - The choices of a group field.
 * @csspart option - One choice.
 * @csspart option--checked - A chosen choice.
 * @csspart swatch - A colour swatch.
 * @csspart option-image - An image choice's image.
 * @csspart token - A chosen option of a searchable multiple select (a button that removes it).
 * @csspart image-open-button - The button beside an option image that opens the image popup (`image_popup` on the field).
 * @csspart image-preview - The larger image shown while an option image is hovered (`image_preview` on the field).
 * @csspart upload - A file field's area (uploads, issue 13).
 * @csspart upload-input - The native file input (visually hidden, labelled, in the tab order).
 * @csspart upload-drop - The drop zone.
 * @csspart upload-notices - Messages about refused or cleared files.
 * @csspart upload-files - The list of chosen files.
 * @csspart upload-file - One chosen file's row.
 * @csspart upload-file--uploading - A row whose file is uploading.
 * @csspart upload-file--done - A row whose file is uploaded.
 * @csspart upload-file--failed - A row whose upload failed.
 * @csspart upload-file--local - A row whose file posts with the form (basic uploads).
 * @csspart upload-thumb - A chosen image's thumbnail.
 * @csspart upload-progress - A file's progress bar.
 * @csspart upload-cancel - Cancels a running upload.
 * @csspart upload-retry - Retries a failed upload.
 * @csspart upload-remove - Removes a chosen file.
 * @csspart date-button - Opens a date field's calendar.
 * @csspart date-dialog - The calendar dialog (the calendar inside is react-day-picker's `rdp-*` markup).
 * @csspart date-done - Closes the calendar of a field taking several dates.
 * @csspart time-select - The time list of a date-and-time field with a calendar, or of a time without manual input.
 * @csspart locate-button - A place selector's "Use my location" button.
 * @csspart place-status - A place selector's status line.
 * @csspart map - A place selector's map (`showmap`).
 * @csspart captcha - The captcha area (`config.enable_recaptcha`); the provider's widget is slotted into it.
 * @csspart captcha-message - The captcha's message ('Choose Captcha', the expired-token text, the duplicate-widget error).
 * @slot captcha - Where the captcha widget shows: the element adds this light-DOM child itself (the provider's widget cannot work inside a shadow root).
 * @csspart quantity - A quantity input of an option.
 * @csspart clear-button - Clears a selection.
 * @csspart add-button - Adds a repeated field or section.
 * @csspart remove-button - Removes a repeated field or section.
 * @csspart content - A content field.
 * @csspart header - A header field.
 * @csspart separator - A separator field.
 * @csspart group-errors - Group rule errors of a section.
 * @csspart summary - The price summary.
 * @csspart summary-total - The total line of the summary.
 * @csspart price-status - The line saying prices are being calculated, or could not be (a form with formulas while its formula chunk loads or after it failed).
 * @csspart form-error - The form error line.
 * @csspart tooltip-button - A field's tooltip button.
 * @csspart tooltip - A field's tooltip text.
 * Design colours and sizes of the page config (`config.design`: `primary_color`, `border_color`,
 * `error_color`, `text_color`, `background_color`, `swatch_size`, `image_size`) override the knobs
 * below on the host (CSSOM), and a field's own `design` on that field.
 * @cssproperty [--gap=.75rem] - Space between rows, fields and sections.
 * @cssproperty [--swatch-size=1.75rem] - Size of colour swatches.
 * @cssproperty [--accent=var(--shop-color-accent, #446084)] - Chosen swatches and images, link buttons.
 * @cssproperty [--surface=var(--shop-color-surface, #fff)] - Input background.
 * @cssproperty [--text-color=var(--shop-color-text, #1e1e24)] - Text.
 * @cssproperty [--muted-color=var(--shop-color-muted, #6b6b76)] - Descriptions, counters, prices.
 * @cssproperty [--border-color=var(--shop-color-border, #c8c8c8)] - Input borders and hairlines.
 * @cssproperty [--danger-color=var(--shop-color-sale, #b3261e)] - Errors and the required mark.
 * @cssproperty [--radius=var(--shop-radius, 4px)] - Corner radius of inputs and images.
 * @cssproperty [--z-index=var(--shop-z-index, 9999)] - Stacking order of tooltips.
 */
export class ShopOptionFormElement extends defineElement(OptionForm, {
  tag: 'shop-option-form',
  settings: optionFormSettings,
  styles,
  formAssociated: true,
  jsonAttributes: ['data-option-form'],
  attributes: {
    ajax: { key: 'ajax', type: 'boolean' },
    'product-id': { key: 'productId', type: 'string' },
  },
  // Form-associated: it posts the options and their validity through the element's internals.
  controller: (context) => new OptionFormController(context),
}) {}

// The field types with native inputs (spec §2); uploads, pickers and maps register their own.
for (const type of ['text', 'email', 'url', 'number', 'color']) registerFieldType(type, { view: TextInput });
// Dates and times (issue 13): one lazy chunk; native inputs where they express the rules, the
// calendar picker (a further chunk) where they cannot.
for (const type of ['date', 'datetime-local', 'time'])
  registerLazyFieldType(type, () => import('./extras/date-field.tsx').then((m) => m.dateType));
// The place selector (issue 13): address autocomplete, map and geolocation from the maps provider.
registerLazyFieldType('placeselector', () => import('./extras/place-field.tsx').then((m) => m.placeType));
registerFieldType('textarea', { view: TextArea });
registerFieldType('hidden', { view: Hidden });
registerFieldType('checkbox', {
  view: (p) => (p.def.values.length ? ChoiceGroup(p) : SingleCheckbox(p)),
  group: (d) => d.values.length > 0,
});
// productGroup: linked products as choices, each with its price and (enable_quantity) a quantity.
for (const type of ['checkbox-group', 'radio-group', 'color-group', 'image-group', 'productGroup'])
  registerFieldType(type, { view: ChoiceGroup, group: true });
registerFieldType('select', { view: Select });
// Uploads (issue 13): basic, tus or cloud with progress, in their own chunk (extras/upload.tsx).
registerLazyFieldType('file', () => import('./extras/upload.tsx').then((m) => m.uploadType));
for (const type of ['content', 'header', 'separator', 'groupValidation'])
  registerFieldType(type, { view: Display, display: true });

ShopOptionFormElement.define();

declare global {
  interface HTMLElementTagNameMap {
    'shop-option-form': ShopOptionFormElement;
  }
}
