import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { isoOf } from '../../../elements/shop-option-form/extras/date-rules.ts';
import { currentAnnouncement } from '../../../shared/a11y/announce.ts';
import { eachShopMode, injectFault, shopLog, useCleanCart } from '../../helpers/shop.ts';
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
/** Tomorrow, or the day after when tomorrow is a Sunday. */
function firstOpenDay(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  if (d.getDay() === 0) d.setDate(d.getDate() + 1);
  return isoOf(d);
}

async function fill(el: Element) {
  await until(() => $(el, '[data-field-id="when"] .date-button') && win.google, 'not ready', {
    timeout: 15000,
  });
  $<HTMLButtonElement>(el, '[data-field-id="when"] .date-button')!.click();
  const day = firstOpenDay();
  await until(() => $(el, '[data-field-id="when"] dialog[open] .rdp-root'), 'no calendar');
  for (let i = 0; i < 2 && !$(el, `td[data-day="${day}"]`); i++)
    $<HTMLButtonElement>(el, '.rdp-button_next')!.click();
  await until(() => $(el, `td[data-day="${day}"] button`), 'no day');
  $<HTMLButtonElement>(el, `td[data-day="${day}"] button`)!.click();
  const input = $<HTMLInputElement>(el, '[data-field-id="where"] input')!;
  await until(() => (win.google as { maps?: { places?: unknown } }).maps?.places, 'no places library', {
    timeout: 5000,
  });
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
  beforeEach(() => {
    run++;
    delete win.google;
    win.shop_maps = { api_key: 'k', script_url: `/maps/api/js?key={key}&shop=${run}` };
  });
  afterEach(() => {
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
