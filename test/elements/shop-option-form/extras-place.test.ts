import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  MAPS_TRIES,
  mapsConfig,
  placeValue,
  waitForPlaces,
} from '../../../elements/shop-option-form/extras/place-provider.ts';
import { ChunkLoadError } from '../../../shared/chunk-load.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsoleErrors } from '../../helpers/elements.ts';
import { $, optionForm, posted, sectionOf, type } from './fixtures.ts';

/** waitUntil with room for a loaded machine (three browsers and other suites at once). */
const until: typeof waitUntil = (predicate, message, options) =>
  waitUntil(predicate, message, { ...options, timeout: Math.max(8000, options?.timeout ?? 0) });

/** The place selector (issue 13; spec §7 Option-form extras, §8 map rows, §9 address parts) on the demo shop's fake provider. */

type Win = Window & { google?: unknown; shop_maps?: unknown };
const win = window as Win;
let run = 0;
/** Points the page at the fake provider; a fresh script URL per test, so each test loads it anew. */
function useProvider(extra = '', key = 'demo-key') {
  run++;
  delete win.google;
  win.shop_maps = {
    api_key: key,
    script_url: `/maps/api/js?key={key}&libraries=places&run=${run}${extra}`,
    geolocate_url: '/maps/geolocation/v1/geolocate?key={key}',
  };
}
afterEach(() => {
  delete win.shop_maps;
  for (const box of document.querySelectorAll('.pac-container')) box.remove();
});

const field = (raw: Record<string, unknown> = {}) => ({
  type: 'placeselector',
  elementId: 'where',
  label: 'Delivery address',
  ...raw,
});
const input = (el: Element) => $<HTMLInputElement>(el, '[data-field-id="where"] input')!;
const value = (form: HTMLFormElement) =>
  posted(form)
    .filter(([k]) => k.startsWith('where'))
    .map(([k, v]) => `${k}=${v}`);
const suggestions = () => [
  ...document.querySelectorAll<HTMLElement>('.pac-container:not([hidden]) .pac-item'),
];
async function ready(el: Element, map = false) {
  await until(() => input(el), 'no input', { timeout: 5000 });
  if (map)
    await until(() => $(el, '[part="map"][data-ready] [data-fake-map]'), 'the map never showed', {
      timeout: 5000,
    });
}
/** Types like a shopper (the provider listens to real input events) until suggestions show. */
async function search(el: Element, text: string) {
  input(el).focus();
  await until(
    async () => {
      if (win.google && (win.google as { maps?: { places?: unknown } }).maps?.places) return true;
      return false;
    },
    'the places library never arrived',
    { timeout: 5000 },
  );
  await new Promise((r) => setTimeout(r, 20));
  await sendKeys({ type: text });
}

describe('<shop-option-form> place selector', function () {
  // The provider script, the map and the form render in turn: generous on a loaded machine.
  this.timeout(30_000);
  describe('the provider', () => {
    it('waits for the places library up to 30 times, 100 ms apart (fake clock)', async () => {
      const clock = fakeClock();
      const fake: { google?: { maps?: Record<string, unknown> } } = { google: { maps: {} } };
      let done = false;
      const waiting = waitForPlaces(fake as never, '/x.js', clock).then(() => {
        done = true;
      });
      clock.tick(500);
      await Promise.resolve();
      expect(done).to.equal(false);
      fake.google!.maps!.places = { Autocomplete: class {} };
      clock.tick(100);
      await waiting;
      expect(done).to.equal(true);
    });

    it('gives up after 30 tries with a ChunkLoadError (missing)', async () => {
      const clock = fakeClock();
      let error: unknown;
      const failed = waitForPlaces({} as never, '/maps.js', clock).catch((e: unknown) => {
        error = e;
      });
      clock.tick(100 * (MAPS_TRIES - 2));
      await Promise.resolve();
      expect(error).to.equal(undefined);
      expect(clock.pending).to.equal(1);
      clock.tick(100);
      await failed;
      expect(error).to.be.instanceOf(ChunkLoadError);
      expect((error as ChunkLoadError).type).to.equal('missing');
      expect(clock.pending).to.equal(0);
    });

    it('reads the page setting shop_maps, filling in the key; Google by default', () => {
      useProvider();
      expect(mapsConfig().scriptUrl).to.match(/^\/maps\/api\/js\?key=demo-key&libraries=places/);
      delete win.shop_maps;
      const google = mapsConfig();
      expect(google.scriptUrl).to.contain('maps/api/js?key=&libraries=places');
      expect(google.geolocateUrl).to.contain('geolocation/v1/geolocate');
    });

    it('a place gives its address, the parts of spec §9 and its position; none without geometry', () => {
      const at = { lat: () => 1.5, lng: () => -2 };
      const v = placeValue({
        formatted_address: '1 Main St, Town',
        address_components: [
          { long_name: '1', short_name: '1', types: ['street_number'] },
          { long_name: 'Main Street', short_name: 'Main St', types: ['route'] },
          { long_name: 'Town', short_name: 'Town', types: ['locality', 'political'] },
          { long_name: 'Somestate', short_name: 'SS', types: ['administrative_area_level_1', 'political'] },
          { long_name: 'Land', short_name: 'LD', types: ['country', 'political'] },
          { long_name: '12345', short_name: '12345', types: ['postal_code'] },
          { long_name: 'Nowhere', short_name: 'N', types: ['neighborhood'] },
        ],
        geometry: { location: at },
      });
      expect(v).to.deep.equal({
        value: '1 Main St, Town',
        split: {
          street_number: '1',
          route: 'Main Street',
          locality: 'Town',
          administrative_area_level_1: 'SS',
          country: 'Land',
          postal_code: '12345',
        },
        cords: { lat: 1.5, lng: -2 },
      });
      expect(placeValue({ name: 'somewhere' })).to.equal(undefined);
    });
  });

  describe('on the form', () => {
    it('suggests, chooses with the keyboard and posts the address, parts and position; the map follows', async () => {
      useProvider();
      const { el, form } = await optionForm({ definition: [sectionOf([field({ showmap: true })])] });
      await ready(el, true);
      const map = $(el, '[part="map"]')!;
      expect(map.getBoundingClientRect().height, 'spec §9 default map height').to.be.closeTo(300, 1);
      expect(map.getAttribute('aria-label')).to.equal('Map of Delivery address');
      await search(el, 'downing');
      await until(() => suggestions().length === 1, 'no suggestion');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Enter' });
      await until(() => value(form).length > 2, 'nothing posted');
      expect(value(form)).to.deep.equal([
        'where[value]=10 Downing Street, London SW1A 2AA, UK',
        'where[split][street_number]=10',
        'where[split][route]=Downing Street',
        'where[split][locality]=London',
        'where[split][administrative_area_level_1]=England',
        'where[split][country]=United Kingdom',
        'where[split][postal_code]=SW1A 2AA',
        'where[cords][lat]=51.5034',
        'where[cords][lng]=-0.1276',
      ]);
      expect(input(el).value).to.equal('10 Downing Street, London SW1A 2AA, UK');
      expect(map.dataset.center).to.equal('51.5034,-0.1276');
      expect($(el, '[data-fake-marker]')!.hidden).to.equal(false);
      await expect(el).to.be.accessible();
    });

    it('map_height sets the map height; no map without showmap', async () => {
      useProvider();
      const { el } = await optionForm({
        definition: [sectionOf([field({ showmap: true, map_height: 180 }), field({ elementId: 'other' })])],
      });
      await ready(el, true);
      expect($(el, '[data-field-id="where"] [part="map"]')!.getBoundingClientRect().height).to.be.closeTo(
        180,
        1,
      );
      expect($(el, '[data-field-id="other"] [part="map"]')).to.equal(null);
    });

    it('Enter on text matching no place: the alert of spec §8; the text is kept and posted as typed', async () => {
      useProvider();
      const { el, form } = await optionForm({ definition: [sectionOf([field()])] });
      await ready(el);
      await search(el, 'Nowhere');
      // The whole text at once (WebKit's automation drops a second typed space).
      type(input(el), 'Nowhere Lane 5');
      await sendKeys({ press: 'Enter' });
      await until(() => $(el, '[role="alert"]')?.textContent, 'no alert');
      expect($(el, '[role="alert"]')!.textContent).to.equal('No details available for input: Nowhere Lane 5');
      expect(input(el).value).to.equal('Nowhere Lane 5');
      expect(value(form)).to.deep.equal(['where[value]=Nowhere Lane 5']);
      expect(input(el).getAttribute('aria-invalid')).to.equal('true');
    });

    it('with shop_maps.no_details_alert yes, the same text shows with window.alert instead', async () => {
      useProvider();
      (win.shop_maps as Record<string, unknown>).no_details_alert = 'yes';
      const alerts: string[] = [];
      const realAlert = window.alert;
      window.alert = (message?: unknown) => alerts.push(String(message));
      try {
        const { el, form } = await optionForm({ definition: [sectionOf([field()])] });
        await ready(el);
        await search(el, 'Nowhere');
        type(input(el), 'Nowhere Lane 5');
        await sendKeys({ press: 'Enter' });
        await until(() => alerts.length === 1, 'no window.alert');
        expect(alerts).to.deep.equal(['No details available for input: Nowhere Lane 5']);
        expect($(el, '[data-field-id="where"] [role="alert"]')!.textContent).to.equal('');
        expect(value(form)).to.deep.equal(['where[value]=Nowhere Lane 5']);
      } finally {
        window.alert = realAlert;
      }
    });

    it('"Use my location": the geolocate endpoint, then the geocoder for the address', async () => {
      useProvider();
      const { el, form } = await optionForm({ definition: [sectionOf([field({ showmap: true })])] });
      await ready(el, true);
      $<HTMLButtonElement>(el, '[part="locate-button"]')!.click();
      await until(() => value(form).length > 2, 'nothing posted');
      expect(value(form)[0]).to.equal('where[value]=10 Downing Street, London SW1A 2AA, UK');
      expect(value(form).slice(-2)).to.deep.equal(['where[cords][lat]=51.5033', 'where[cords][lng]=-0.1275']);
      expect($(el, '[part="map"]')!.dataset.center).to.equal('51.5033,-0.1275');
    });

    it("a refused geolocation says so (in the form's own words) and keeps the field usable", async () => {
      useProvider('', 'denied');
      const errors = await captureConsoleErrors(async () => {
        const { el, form } = await optionForm({
          definition: [sectionOf([field()])],
          messages: { useLocation: 'Wo bin ich?', locationFailed: 'Standort unbekannt.' },
        });
        await ready(el);
        expect($(el, '[part="locate-button"]')!.textContent).to.equal('Wo bin ich?');
        $<HTMLButtonElement>(el, '[part="locate-button"]')!.click();
        await until(
          () => $(el, '[part="place-status"]')?.textContent === 'Standort unbekannt.',
          'no message',
        );
        type(input(el), '1 Main St');
        await until(() => value(form).join() === 'where[value]=1 Main St', 'typed text not posted');
      });
      expect(
        errors.some((e) => e.includes('<shop-option-form>') && e.includes('geolocation failed (403')),
      ).to.equal(true);
    });

    it('a provider without the places library: one error after the retries, the input still works', async () => {
      useProvider('&no_places=1');
      const errors = await captureConsoleErrors(async () => {
        const { el, form } = await optionForm({ definition: [sectionOf([field({ showmap: true })])] });
        await ready(el);
        await until(() => $(el, '[part="place-status"]')?.textContent, 'no message', { timeout: 8000 });
        expect($(el, '[part="place-status"]')!.textContent).to.contain('not available');
        type(input(el), 'Somewhere 1');
        await until(() => value(form).join() === 'where[value]=Somewhere 1', 'typed text not posted');
        await expect(el).to.be.accessible();
      });
      expect(errors.filter((e) => e.includes('"where"') && e.includes('maps provider'))).to.have.length(1);
    });
  });
});
