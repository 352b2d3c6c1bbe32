import { ChunkLoadError, loadScript } from '../../../shared/chunk-load.ts';
import { type Clock, pageClock } from '../../../shared/clock.ts';
import { readPageData } from '../../../shared/stores/page-data.ts';
import { safeUrl } from '../../../shared/url.ts';
import type { PlaceValue } from '../engine/types.ts';

/**
 * The maps provider of the place selector (issue 13; spec §7 "Option-form extras": the provider
 * script with the places library loaded on demand, retried up to 30 times at 100 ms; places
 * autocomplete and the geocoder on the client; geolocation by POST to the provider's geolocate
 * endpoint with the API key, reading `location`; §9 the address parts captured). No React.
 *
 * The provider is the page's: `shop_maps` (a global, or the same key in `<script id="shop-config">`)
 * `{ api_key, script_url, geolocate_url }`, where `{key}` in a URL is replaced by the key. The
 * defaults are Google's Maps JavaScript API (places library) and Geolocation API; any provider
 * offering the same subset of that API (`google.maps.places.Autocomplete`, `Geocoder`, `Map`,
 * `Marker`, `LatLng`) fits, as the demo shop's fake does.
 */

/** spec §9 "Maps retry 100 ms up to 30 tries". */
export const MAPS_RETRY_MS = 100;
export const MAPS_TRIES = 30;

export interface MapsConfig {
  apiKey: string;
  scriptUrl: string;
  geolocateUrl: string;
  /**
   * `no_details_alert: 'yes'`: spec §8's "No details available" shows with `window.alert` instead
   * of the inline alert (the same switch as the review form's `review_rating_alert`).
   */
  alert: boolean;
}

const DEFAULTS = {
  script_url: 'https://maps.googleapis.com/maps/api/js?key={key}&libraries=places',
  geolocate_url: 'https://www.googleapis.com/geolocation/v1/geolocate?key={key}',
};

/** The page's maps provider settings (`shop_maps`), with Google's URLs by default. */
export function mapsConfig(doc: Document = document): MapsConfig {
  const raw = readPageData('shop_maps', doc);
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const text = (v: unknown, d: string) => (typeof v === 'string' && v.trim() ? v.trim() : d);
  const apiKey = text(o.api_key, '');
  const fillKey = (url: string) => url.replaceAll('{key}', encodeURIComponent(apiKey));
  return {
    apiKey,
    scriptUrl: fillKey(text(o.script_url, DEFAULTS.script_url)),
    geolocateUrl: fillKey(text(o.geolocate_url, DEFAULTS.geolocate_url)),
    alert: o.no_details_alert === 'yes',
  };
}

// The subset of the provider's API the place selector calls.
export interface LatLng {
  lat(): number;
  lng(): number;
}
export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
export interface Place {
  name?: string;
  formatted_address?: string;
  address_components?: AddressComponent[];
  geometry?: { location?: LatLng };
}
interface Listener {
  remove(): void;
}
export interface MapsApi {
  LatLng: new (lat: number, lng: number) => LatLng;
  Map: new (
    div: HTMLElement,
    options: { center: LatLng | { lat: number; lng: number }; zoom: number },
  ) => { setCenter(c: LatLng): void; setZoom(z: number): void };
  Marker: new (options: {
    map: unknown;
    position?: LatLng | null;
    visible?: boolean;
  }) => { setPosition(p: LatLng): void; setVisible(v: boolean): void; setMap(m: unknown): void };
  Geocoder: new () => { geocode(request: { location: LatLng }): Promise<{ results: Place[] }> };
  event: { clearInstanceListeners(target: unknown): void };
  places: {
    Autocomplete: new (
      input: HTMLInputElement,
      options: { fields: string[] },
    ) => { addListener(name: 'place_changed', fn: () => void): Listener; getPlace(): Place | undefined };
  };
}

type MapsWindow = { google?: { maps?: Partial<MapsApi> } };

/**
 * Waits for the places library: the script may define `google.maps` before the library arrives,
 * so it is looked for up to 30 times, 100 ms apart (spec §7, §9), then a `missing` ChunkLoadError.
 */
export function waitForPlaces(win: MapsWindow, url: string, clock: Clock = pageClock): Promise<MapsApi> {
  return new Promise((resolve, reject) => {
    let tries = 0;
    const look = () => {
      const maps = win.google?.maps;
      if (typeof maps?.places?.Autocomplete === 'function') return resolve(maps as MapsApi);
      tries++;
      if (tries >= MAPS_TRIES) return reject(new ChunkLoadError('maps', 'missing', url));
      clock.setTimeout(look, MAPS_RETRY_MS);
    };
    look();
  });
}

const loads = new Map<string, Promise<MapsApi>>();

/** Loads the provider script once per URL and waits for its places library. */
export function loadMaps(
  config: MapsConfig,
  options: { clock?: Clock; doc?: Document } = {},
): Promise<MapsApi> {
  const doc = options.doc ?? document;
  const known = loads.get(config.scriptUrl);
  if (known) return known;
  const loading = loadScript('maps', config.scriptUrl, { document: doc, clock: options.clock })
    .then(() => waitForPlaces((doc.defaultView ?? window) as MapsWindow, config.scriptUrl, options.clock))
    .catch((error: unknown) => {
      loads.delete(config.scriptUrl); // a later form tries again
      throw error;
    });
  loads.set(config.scriptUrl, loading);
  return loading;
}

/** Where the browser is, from the provider's geolocate endpoint (POST with the key; reads `location`). */
export async function geolocate(
  config: MapsConfig,
  fetchFn: typeof fetch = fetch,
): Promise<{ lat: number; lng: number }> {
  const url = safeUrl(config.geolocateUrl, document.baseURI);
  if (!url) throw new Error(`the geolocate URL "${config.geolocateUrl}" is not an http(s) URL`);
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ considerIp: true }),
  });
  const body = (await response.json().catch(() => null)) as {
    location?: { lat?: unknown; lng?: unknown };
    error?: { message?: string };
  } | null;
  const lat = Number(body?.location?.lat);
  const lng = Number(body?.location?.lng);
  if (!response.ok || !Number.isFinite(lat) || !Number.isFinite(lng))
    throw new Error(
      `geolocation failed (${response.status}${body?.error?.message ? `: ${body.error.message}` : ''})`,
    );
  return { lat, lng };
}

/**
 * The address parts of spec §9 (street number, route, locality, state, country, postal code), with
 * the provider's type names as keys and the name form Google's own address-form sample uses.
 */
const PARTS: Record<string, 'short_name' | 'long_name'> = {
  street_number: 'short_name',
  route: 'long_name',
  locality: 'long_name',
  administrative_area_level_1: 'short_name',
  country: 'long_name',
  postal_code: 'short_name',
};

/** The value to post for a place (`name[value]`, `name[split][…]`, `name[cords][lat|lng]`), or undefined without geometry. */
export function placeValue(
  place: Place | undefined,
  at?: { lat: number; lng: number },
): PlaceValue | undefined {
  const location = place?.geometry?.location;
  if (!place || (!location && !at)) return undefined;
  const split: Record<string, string> = {};
  for (const c of place.address_components ?? []) {
    const type = c.types.find((t) => Object.hasOwn(PARTS, t));
    if (type) split[type] = c[PARTS[type]];
  }
  return {
    value: place.formatted_address || place.name || '',
    split,
    cords: at ?? { lat: location!.lat(), lng: location!.lng() },
  };
}

/** The map of a place selector showing one (`showmap`), and its marker. */
export interface PlaceMap {
  map: InstanceType<MapsApi['Map']>;
  marker: InstanceType<MapsApi['Marker']>;
}

/**
 * Connects a place selector's `input` to the page's provider, loaded on demand (30 × 100 ms for
 * the places library): places autocomplete on the input and, when `mapHolder()` gives an element
 * once the provider is there, a map in it with a marker (at `at`, else the whole world); then
 * `onReady`. `onPlace` hears each place chosen from the list. Returns the disconnect.
 */
export function connectPlaces(
  input: HTMLInputElement,
  mapHolder: () => HTMLElement | null,
  at: { lat: number; lng: number } | undefined,
  onReady: (api: MapsApi, map: PlaceMap | undefined) => void,
  onPlace: (place: Place | undefined, api: MapsApi) => void,
  onFailed: (error: unknown) => void,
): () => void {
  let live = true;
  let autocomplete: unknown;
  let loaded: MapsApi | undefined;
  loadMaps(mapsConfig(input.ownerDocument)).then(
    (api) => {
      if (!live) return;
      loaded = api;
      const ac = new api.places.Autocomplete(input, {
        fields: ['address_components', 'geometry', 'name', 'formatted_address'],
      });
      autocomplete = ac;
      ac.addListener('place_changed', () => onPlace(ac.getPlace(), api));
      const holder = mapHolder();
      let shown: PlaceMap | undefined;
      if (holder) {
        const map = new api.Map(holder, { center: at ?? { lat: 0, lng: 0 }, zoom: at ? 15 : 2 });
        const marker = new api.Marker({
          map,
          position: at ? new api.LatLng(at.lat, at.lng) : null,
          visible: !!at,
        });
        shown = { map, marker };
      }
      onReady(api, shown);
    },
    (error: unknown) => {
      if (live) onFailed(error);
    },
  );
  return () => {
    live = false;
    if (autocomplete && loaded) loaded.event.clearInstanceListeners(autocomplete);
  };
}

/**
 * Where the shopper is, as a place to post: the provider's geolocate endpoint, then (when the
 * provider is loaded) its geocoder's address for the position, else the coordinates as text.
 */
export async function locatePlace(config: MapsConfig, maps: MapsApi | undefined): Promise<PlaceValue> {
  const at = await geolocate(config);
  let place: Place | undefined;
  if (maps) {
    const { results } = await new maps.Geocoder().geocode({ location: new maps.LatLng(at.lat, at.lng) });
    place = results[0];
  }
  return placeValue(place ?? { formatted_address: `${at.lat}, ${at.lng}` }, at)!;
}
