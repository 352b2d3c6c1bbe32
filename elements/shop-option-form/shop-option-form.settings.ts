import '../../shared/zod-config.ts';
import * as z from 'zod/mini';
import { messagesSchema } from '../../shared/format/messages.ts';

/** The element's tag, naming it in the console's warnings and errors. */
export const TAG = 'shop-option-form';

/** A JSON object or array as WordPress prints it; the engine reads it leniently (engine/schema.ts). */
const jsonObject = z.record(z.string(), z.unknown());

/**
 * Settings of `<shop-option-form>`; every field defaulted. The form itself (`definition`,
 * `product`, `config`) is checked field by field by the engine, which reports each bad setting as
 * a warning naming the field's elementId and drops it (the rest of the form keeps working).
 */
export const optionFormSettings = z.object({
  /**
   * The form definition (spec §3 "Section": sections of rows of columns of fields): an array of
   * sections, `{ sections, settings }`, or WCPA's object keyed by section key.
   */
  definition: z._default(z.union([z.array(z.unknown()), jsonObject]), []),
  /** The base product data formulas and conditions read (spec §3 "Product data"). */
  product: z._default(jsonObject, {}),
  /** Page config for the form (spec §3 "Page config for option forms"). */
  config: z._default(jsonObject, {}),
  /** Product id posted as `add-to-cart` when the form lacks one (spec §7 "Option-form add to cart"). */
  productId: z._default(z.string().check(z.maxLength(40)), ''),
  /** Add to cart by ajax (`wcpa_ajax_add_to_cart`) instead of resubmitting the page (spec §4). */
  ajax: z._default(z.boolean(), false),
  /** Scroll to and focus the first invalid field after a failed submit (spec §4 "unless disabled"). */
  scrollToError: z._default(z.boolean(), true),
  /** Show the price summary (spec §2 "price summary"). */
  summary: z._default(z.boolean(), true),
  /**
   * Visible strings; `{…}` placeholders are filled in. The extras' strings (issue 13) are given
   * here too; their defaults stay in the extras' own chunks: `extras/captcha.settings.ts`,
   * `image-popup.texts.ts`, `date-texts.ts` and `place-texts.ts`.
   */
  messages: messagesSchema(
    {
      /** spec §8 "Option form validation failed". */
      formError: 'Fix the errors shown above',
      optionsTotal: 'Options total',
      fee: 'Fee',
      discount: 'Discount',
      productPrice: 'Product price',
      total: 'Total',
      totalChanged: 'Total: {total}',
      corrected: '{label}: {message}',
      required: 'required',
      add: 'Add',
      remove: 'Remove',
      addLabel: 'Add another {label}',
      removeLabel: 'Remove {label} {number}',
      charLeft: '{count} characters left',
      quantity: 'Quantity',
      quantityOf: 'Quantity of {label}',
      other: 'Other',
      otherText: 'Other: your text',
      clear: 'Clear selection',
      chooseOption: 'Choose an option',
      /** The searchable multiple select (nothing chosen yet). */
      chooseOptions: 'Choose options',
      /** The list of chosen options of a searchable multiple select. */
      chosenOptions: '{label}: chosen options',
      /** A chosen option's token button. */
      removeOption: 'Remove {option}',
      outOfStock: 'out of stock',
      added: 'Added to cart.',
      addFailed: 'Sorry, the product could not be added to the cart. Please try again.',
      searchOptions: 'Search options',
      noResults: 'No results',
      tooltip: 'About {label}',
      /** While the formula chunk loads (formula prices and the total are pending). */
      pricesPending: 'Calculating prices…',
      /** When the formula chunk failed to load: formula prices count as 0. */
      pricesUnavailable: 'Some prices could not be calculated.',
      /** A field whose lazily loaded type (upload, date picker, map, captcha) could not be loaded. */
      fieldUnavailable: 'This option could not be loaded. Please reload the page.',
      /** The captcha's chunk did not load, or its provider did not (after 10 tries). */
      captchaUnavailable: 'The captcha could not be loaded. Please reload the page.',
      /** The button beside an option image that opens the image popup. */
      imageOpen: 'View a larger image of {label}',
    },
    'more',
  ),
});

export type OptionFormSettings = z.infer<typeof optionFormSettings>;
/** The visible strings of `<shop-option-form>`. */
export type OptionFormMessages = OptionFormSettings['messages'];
