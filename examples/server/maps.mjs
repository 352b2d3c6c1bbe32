// @ts-check
// A FAKE maps provider for the option form's place selector (issue 13): the subset of the Google
// Maps JavaScript API (places library, geocoder, map, marker) and of the Geolocation API that the
// element calls, served by the demo shop so tests and the demo never reach a real provider.
//
//   GET  /maps/api/js?key=&libraries=places   the provider script. Like the real loader it sets up
//        `google.maps` at once and the places library a moment later (so callers must retry, spec
//        §7 "retries up to 30 times at 100 ms"). `&places_delay=ms` changes that moment (0–10000);
//        `&no_places=1` never provides it.
//   POST /maps/geolocation/v1/geolocate?key=  { location: { lat, lng }, accuracy } as Google's
//        geolocate endpoint answers (spec §7 "Maps geolocation ... It reads location"); no key: 400,
//        key `denied`: 403, both with Google's { error: { code, message, status } } body.
//
// The script's API: `new google.maps.places.Autocomplete(input, options)` watches the input,
// shows suggestions in a `.pac-container` on document.body (arrows, Enter, Escape, click), and on a
// choice fires `place_changed`; `getPlace()` gives `{ place_id, name, formatted_address,
// address_components: [{ long_name, short_name, types }], geometry: { location: LatLng } }`, or
// `{ name }` alone when Enter was pressed on text matching no suggestion (as Google does).
// `new google.maps.Geocoder().geocode({ location | address | placeId }, callback?)` resolves
// `{ results }` (nearest known place for a location). `google.maps.Map`, `Marker`, `LatLng`,
// `event.addListener` / `clearInstanceListeners` do what their names say, drawn as plain DOM.

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 */

/** The places the fake knows (address parts in Google's shape). */
export const PLACES = [
  {
    place_id: 'demo-1',
    name: '1600 Amphitheatre Parkway',
    formatted_address: '1600 Amphitheatre Parkway, Mountain View, CA 94043, USA',
    location: { lat: 37.422, lng: -122.0841 },
    parts: [
      ['1600', '1600', 'street_number'],
      ['Amphitheatre Parkway', 'Amphitheatre Pkwy', 'route'],
      ['Mountain View', 'Mountain View', 'locality'],
      ['California', 'CA', 'administrative_area_level_1'],
      ['United States', 'US', 'country'],
      ['94043', '94043', 'postal_code'],
    ],
  },
  {
    place_id: 'demo-2',
    name: '10 Downing Street',
    formatted_address: '10 Downing Street, London SW1A 2AA, UK',
    location: { lat: 51.5034, lng: -0.1276 },
    parts: [
      ['10', '10', 'street_number'],
      ['Downing Street', 'Downing St', 'route'],
      ['London', 'London', 'locality'],
      ['England', 'England', 'administrative_area_level_1'],
      ['United Kingdom', 'GB', 'country'],
      ['SW1A 2AA', 'SW1A 2AA', 'postal_code'],
    ],
  },
  {
    place_id: 'demo-3',
    name: 'Friedrichstraße 43',
    formatted_address: 'Friedrichstraße 43, 10117 Berlin, Germany',
    location: { lat: 52.5076, lng: 13.3904 },
    parts: [
      ['43', '43', 'street_number'],
      ['Friedrichstraße', 'Friedrichstraße', 'route'],
      ['Berlin', 'Berlin', 'locality'],
      ['Berlin', 'BE', 'administrative_area_level_1'],
      ['Germany', 'DE', 'country'],
      ['10117', '10117', 'postal_code'],
    ],
  },
];

/** Where the fake geolocate endpoint says the browser is (near the London place). */
export const GEOLOCATION = { lat: 51.5033, lng: -0.1275 };

/** @param {Res} res @param {number} status @param {unknown} body */
function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** @param {Res} res @param {number} code @param {string} status @param {string} message */
function googleError(res, code, status, message) {
  json(res, code, {
    error: { code, message, errors: [{ message, domain: 'global', reason: status }], status },
  });
}

/** The provider script (browser code, no module: a classic script as Google's). */
function script({ placesDelay = 150, noPlaces = false } = {}) {
  return `(() => {
const PLACES = ${JSON.stringify(PLACES)};
const PLACES_DELAY = ${placesDelay};
const NO_PLACES = ${noPlaces};
const g = (window.google = window.google || {});
const listeners = new WeakMap();
function on(target, name, fn) {
  let map = listeners.get(target);
  if (!map) listeners.set(target, (map = new Map()));
  if (!map.has(name)) map.set(name, new Set());
  map.get(name).add(fn);
  return { remove: () => map.get(name).delete(fn) };
}
function fire(target, name, ...args) {
  for (const fn of [...(listeners.get(target)?.get(name) ?? [])]) fn(...args);
}
class LatLng {
  constructor(lat, lng) {
    if (typeof lat === 'object') ({ lat, lng } = lat);
    this._lat = Number(lat);
    this._lng = Number(lng);
  }
  lat() { return this._lat; }
  lng() { return this._lng; }
  toJSON() { return { lat: this._lat, lng: this._lng }; }
  toString() { return '(' + this._lat + ', ' + this._lng + ')'; }
}
const toLatLng = (p) => (p instanceof LatLng ? p : p ? new LatLng(p) : null);
function details(p) {
  return {
    place_id: p.place_id,
    name: p.name,
    formatted_address: p.formatted_address,
    address_components: p.parts.map(([long_name, short_name, type]) => ({ long_name, short_name, types: [type, 'political'] })),
    geometry: { location: new LatLng(p.location) },
  };
}
class MVCObject {
  addListener(name, fn) { return on(this, name, fn); }
  bindTo() {}
  set(key, value) { this[key] = value; }
  get(key) { return this[key]; }
}
class MapView extends MVCObject {
  constructor(div, options = {}) {
    super();
    this.div = div;
    this.zoom = options.zoom ?? 8;
    this.center = toLatLng(options.center) ?? new LatLng(0, 0);
    this.canvas = document.createElement('div');
    this.canvas.className = 'fake-map';
    this.canvas.setAttribute('data-fake-map', '');
    Object.assign(this.canvas.style, { position: 'relative', width: '100%', height: '100%', overflow: 'hidden',
      background: 'repeating-linear-gradient(45deg, #e8efe4 0 12px, #dfe8da 12px 24px)', color: '#1e1e24', font: '13px sans-serif' });
    this.caption = document.createElement('p');
    Object.assign(this.caption.style, { position: 'absolute', left: '8px', bottom: '4px', margin: '0', background: '#fff', padding: '2px 6px' });
    this.canvas.append(this.caption);
    div.append(this.canvas);
    this._draw();
  }
  _draw() {
    this.caption.textContent = 'Fake map · centre ' + this.center.lat().toFixed(4) + ', ' + this.center.lng().toFixed(4) + ' · zoom ' + this.zoom;
    this.div.dataset.center = this.center.lat() + ',' + this.center.lng();
    this.div.dataset.zoom = String(this.zoom);
  }
  setCenter(c) { this.center = toLatLng(c); this._draw(); fire(this, 'center_changed'); }
  panTo(c) { this.setCenter(c); }
  getCenter() { return this.center; }
  setZoom(z) { this.zoom = z; this._draw(); }
  getZoom() { return this.zoom; }
  fitBounds() {}
}
class Marker extends MVCObject {
  constructor(options = {}) {
    super();
    this.el = document.createElement('div');
    this.el.setAttribute('data-fake-marker', '');
    Object.assign(this.el.style, { position: 'absolute', left: '50%', top: '50%', width: '22px', height: '22px',
      transform: 'translate(-50%, -100%) rotate(-45deg)', borderRadius: '50% 50% 50% 0', background: '#c0392b',
      border: '3px solid #fff', boxShadow: '0 1px 4px rgb(0 0 0 / .4)' });
    this.position = toLatLng(options.position);
    this.visible = options.visible ?? true;
    this.setMap(options.map ?? null);
  }
  _draw() {
    this.el.hidden = !this.visible || !this.position;
    if (this.position) this.el.dataset.position = this.position.lat() + ',' + this.position.lng();
  }
  setMap(map) { this.map = map; if (map) map.canvas.append(this.el); else this.el.remove(); this._draw(); }
  getMap() { return this.map; }
  setPosition(p) { this.position = toLatLng(p); this._draw(); }
  getPosition() { return this.position; }
  setVisible(v) { this.visible = !!v; this._draw(); }
}
class Geocoder {
  geocode(request, callback) {
    let found = [];
    if (request.placeId) found = PLACES.filter((p) => p.place_id === request.placeId);
    else if (request.address) found = match(request.address).slice(0, 1);
    else if (request.location) {
      const at = toLatLng(request.location);
      const d = (p) => (p.location.lat - at.lat()) ** 2 + (p.location.lng - at.lng()) ** 2;
      found = [...PLACES].sort((a, b) => d(a) - d(b)).slice(0, 1);
    }
    const results = found.map(details);
    const status = results.length ? 'OK' : 'ZERO_RESULTS';
    return new Promise((resolve, reject) => setTimeout(() => {
      callback?.(results, status);
      if (results.length || callback) resolve({ results });
      else reject(Object.assign(new Error('Geocoder failed: ' + status), { code: status }));
    }, 10));
  }
}
function match(text) {
  const q = String(text).trim().toLowerCase();
  return q ? PLACES.filter((p) => p.formatted_address.toLowerCase().includes(q)) : [];
}
class Autocomplete extends MVCObject {
  constructor(input, options = {}) {
    super();
    this.input = input;
    this.options = options;
    this.place = undefined;
    this.items = [];
    this.active = -1;
    this.box = document.createElement('div');
    this.box.className = 'pac-container';
    this.box.hidden = true;
    Object.assign(this.box.style, { position: 'absolute', zIndex: '100000', background: '#fff', color: '#1e1e24',
      border: '1px solid #c8c8c8', boxShadow: '0 4px 12px rgb(0 0 0 / .2)', font: '14px sans-serif' });
    document.body.append(this.box);
    input.setAttribute('autocomplete', 'off');
    input.addEventListener('input', () => this._suggest());
    input.addEventListener('keydown', (e) => this._key(e));
    input.addEventListener('blur', () => setTimeout(() => this._hide(), 150));
  }
  _suggest() {
    this.items = match(this.input.value);
    this.active = -1;
    this.box.replaceChildren(...this.items.map((p, i) => {
      const item = document.createElement('div');
      item.className = 'pac-item';
      item.textContent = p.formatted_address;
      Object.assign(item.style, { padding: '6px 10px', cursor: 'pointer' });
      item.addEventListener('mousedown', (e) => { e.preventDefault(); this._choose(i); });
      return item;
    }));
    if (!this.items.length) return this._hide();
    const r = this.input.getBoundingClientRect();
    Object.assign(this.box.style, { left: r.left + scrollX + 'px', top: r.bottom + scrollY + 'px', width: r.width + 'px' });
    this.box.hidden = false;
  }
  _hide() { this.box.hidden = true; this.active = -1; }
  _mark() {
    [...this.box.children].forEach((c, i) => {
      c.classList.toggle('pac-item-selected', i === this.active);
      c.style.background = i === this.active ? '#e8f0fe' : '';
    });
  }
  _key(e) {
    const open = !this.box.hidden && this.items.length;
    if (e.key === 'ArrowDown' && open) { e.preventDefault(); this.active = (this.active + 1) % this.items.length; this._mark(); }
    else if (e.key === 'ArrowUp' && open) { e.preventDefault(); this.active = (this.active - 1 + this.items.length) % this.items.length; this._mark(); }
    else if (e.key === 'Escape') this._hide();
    else if (e.key === 'Enter') {
      if (open && this.active >= 0) { e.preventDefault(); this._choose(this.active); }
      else { this._hide(); this.place = { name: this.input.value }; fire(this, 'place_changed'); }
    }
  }
  _choose(i) {
    const p = this.items[i];
    this._hide();
    this.place = details(p);
    this.input.value = p.formatted_address;
    fire(this, 'place_changed');
  }
  getPlace() { return this.place; }
  setFields(f) { this.options.fields = f; }
  setComponentRestrictions(c) { this.options.componentRestrictions = c; }
  setBounds() {}
}
g.maps = Object.assign(g.maps || {}, {
  version: 'fake',
  LatLng, Map: MapView, Marker, Geocoder, MVCObject,
  GeocoderStatus: { OK: 'OK', ZERO_RESULTS: 'ZERO_RESULTS' },
  event: {
    addListener: (target, name, fn) => on(target, name, fn),
    clearInstanceListeners: (target) => listeners.delete(target),
    trigger: (target, name, ...args) => fire(target, name, ...args),
  },
});
if (!NO_PLACES) setTimeout(() => { g.maps.places = { Autocomplete }; }, PLACES_DELAY);
})();
`;
}

/** Answers the fake provider's routes; resolves true when it answered. */
export function createMaps() {
  /** @param {Req} req @param {Res} res */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/maps/api/js' && req.method === 'GET') {
      const delay = Number(url.searchParams.get('places_delay') ?? 150);
      const body = script({
        placesDelay: Number.isFinite(delay) ? Math.min(Math.max(delay, 0), 10_000) : 150,
        noPlaces: url.searchParams.get('no_places') === '1',
      });
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
      return true;
    }
    if (url.pathname === '/maps/geolocation/v1/geolocate') {
      if (req.method !== 'POST') {
        googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
        return true;
      }
      const key = url.searchParams.get('key') ?? '';
      if (!key) googleError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
      else if (key === 'denied')
        googleError(res, 403, 'PERMISSION_DENIED', 'This API project is not authorized to use this API.');
      else json(res, 200, { location: GEOLOCATION, accuracy: 35 });
      return true;
    }
    return false;
  }
  return { handle };
}
