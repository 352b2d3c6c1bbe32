import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { currentAnnouncement } from '../../../shared/a11y/announce.ts';
import { fixDate, localTime } from '../../helpers/clock.ts';
import { eachShopMode, injectFault, shopLog, useCleanCart } from '../../helpers/shop.ts';
import { clickDay } from './calendar.ts';
import { $, optionForm, posted, sectionOf } from './fixtures.ts';

/** waitUntil with room for a loaded machine (three browsers and other suites at once). */
const until: typeof waitUntil = (predicate, message, options) =>
  waitUntil(predicate, message, { ...options, timeout: Math.max(8000, options?.timeout ?? 0) });

/**
 * A date from the calendar and a place from the (fake) maps provider, added to the cart by ajax
 * (spec §7 "Option-form add to cart") against the demo shop in its tidy and unkind manners.
 */

type Win = Window & { google?: unknown; shop_maps?: unknown };
const win = window as Win;
let run = 0;

const definition = [
  sectionOf([
    { type: 'date', elementId: 'when', label: 'Delivery date', disabled_weekdays: [0], min_date: '+1' },
    { type: 'placeselector', elementId: 'where', label: 'Delivery address' },
  ]),
];
/**
 * The page's date during these tests: Saturday 31 October 2026, evening. The field's first open
 * day (min_date +1, Sundays disabled) is then Monday 2 November, in the next month.
 */
const TODAY = localTime(2026, 10, 31, 19);
const FIRST_OPEN_DAY = '2026-11-02';

async function fill(el: Element) {
  await until(() => $(el, '[data-field-id="when"] .date-button') && win.google, 'not ready', {
    timeout: 15000,
  });
  $<HTMLButtonElement>(el, '[data-field-id="when"] .date-button')!.click();
  const day = FIRST_OPEN_DAY;
  await until(() => $(el, '[data-field-id="when"] dialog[open] .rdp-root'), 'no calendar');
  await clickDay(el, day);
  const input = $<HTMLInputElement>(el, '[data-field-id="where"] input')!;
  // The field polls for the places library (100 ms apart) before it attaches the autocomplete,
  // which adds its suggestion box to the page (as the provider's own does): letters typed before
  // that reach no autocomplete and bring no suggestion (afterEach removes the boxes).
  await until(() => document.querySelector('.pac-container'), 'the autocomplete was never attached');
  input.focus();
  await sendKeys({ type: 'friedrich' });
  await until(() => document.querySelector('.pac-container:not([hidden]) .pac-item'), 'no suggestion');
  await sendKeys({ press: 'ArrowDown' });
  await sendKeys({ press: 'Enter' });
  await until(() => input.value.startsWith('Friedrichstraße 43'), 'no place chosen');
  return day;
}

describe('<shop-option-form> date and place added to the cart', function () {
  this.timeout(30_000);
  let undoDate: () => void;
  beforeEach(() => {
    undoDate = fixDate(TODAY);
    run++;
    delete win.google;
    win.shop_maps = { api_key: 'k', script_url: `/maps/api/js?key={key}&shop=${run}` };
  });
  afterEach(() => {
    undoDate();
    delete win.shop_maps;
    for (const box of document.querySelectorAll('.pac-container')) box.remove();
  });

  eachShopMode('network', () => {
    useCleanCart();

    it('posts the chosen date and the place with its parts and position to wcpa_ajax_add_to_cart', async () => {
      const { el, button } = await optionForm({ ajax: true, definition });
      const day = await fill(el);
      button.click();
      await until(async () => (await shopLog('wcpa_ajax_add_to_cart')).length === 1, 'no add', {
        timeout: 5000,
      });
      const [entry] = await shopLog('wcpa_ajax_add_to_cart');
      expect(JSON.parse(entry.body.__pairs)).to.deep.equal([
        ['when', day],
        ['where[value]', 'Friedrichstraße 43, 10117 Berlin, Germany'],
        ['where[split][street_number]', '43'],
        ['where[split][route]', 'Friedrichstraße'],
        ['where[split][locality]', 'Berlin'],
        ['where[split][administrative_area_level_1]', 'BE'],
        ['where[split][country]', 'Germany'],
        ['where[split][postal_code]', '10117'],
        ['where[cords][lat]', '52.5076'],
        ['where[cords][lng]', '13.3904'],
        ['quantity', '1'],
        ['add-to-cart', '101'],
      ]);
    });

    it('keeps the date and the place when the add fails', async () => {
      await injectFault({ endpoint: 'wcpa_ajax_add_to_cart', status: 500 });
      const { el, button, form } = await optionForm({ ajax: true, definition });
      const day = await fill(el);
      button.click();
      await until(
        () =>
          currentAnnouncement() === 'Sorry, the product could not be added to the cart. Please try again.',
        'no failure announced',
        { timeout: 5000 },
      );
      expect(posted(form)).to.deep.include(['when', day]);
      expect(posted(form)).to.deep.include(['where[cords][lat]', '52.5076']);
      expect($<HTMLInputElement>(el, '[data-field-id="where"] input')!.value).to.contain(
        'Friedrichstraße 43',
      );
      expect($<HTMLInputElement>(el, '[data-field-id="when"] input')!.value).to.not.equal('');
    });
  });
});
