import { useEffect, useId, useRef, useState } from 'react';
import { fill } from '../../../shared/format/messages.ts';
import { logError } from '../../../shared/log.ts';
import { adoptStyles } from '../../../shared/style-sheets.ts';
import type { PlaceValue } from '../engine/types.ts';
import type { FieldType, FieldViewProps } from '../shop-option-form.registry.ts';
import {
  connectPlaces,
  locatePlace,
  type MapsApi,
  mapsConfig,
  type PlaceMap,
  placeValue,
} from './place-provider.ts';
import { PLACE_TEXTS, type PlaceTexts } from './place-texts.ts';

/**
 * The place selector (`placeselector`, issue 13; spec §2, §7, §8, §9): an address input with the
 * provider's places autocomplete, an optional map (`showmap`, `map_height`, default 300 px) with a
 * marker, and "Use my location" (the provider's geolocate endpoint, then its geocoder). A chosen
 * place posts its address, the parts of spec §9 and latitude/longitude; an address typed by hand
 * posts as text. Enter on text that matches no place gives the spec §8 alert
 * ('No details available for input: {name}') inline. Without the provider (script failed, or no
 * places library after 30 tries) the input keeps working as plain text.
 */

const DEFAULT_MAP_HEIGHT = 300; // spec §9 "Default map height 300 px"

const PLACE_CSS = `
.place { display: grid; gap: .35em; }
.place-row { display: flex; gap: .35em; flex-wrap: wrap; }
.place-row .input { flex: 1 1 12em; min-width: 0; }
.locate-button { font: inherit; color: var(--_text); background: var(--_surface); border: 1px solid var(--_border-color);
  border-radius: var(--_radius); padding: .35em .6em; cursor: pointer; }
.locate-button:hover { border-color: var(--_accent); }
.place-map { width: 100%; border: 1px solid var(--_border-color); border-radius: var(--_radius); overflow: hidden; }
.place-status:empty { display: none; }
.place-status { margin: 0; color: var(--_muted); font-size: .9em; }
.place-alert { margin: 0; color: var(--_danger); }
.place-alert:empty { display: none; }
`;

function isPlace(value: unknown): value is PlaceValue {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as PlaceValue).value === 'string'
  );
}

export function PlaceSelector(props: FieldViewProps) {
  const { def, inputId, disabled, invalid, messages, onBlur } = props;
  const t = (key: keyof PlaceTexts) => messages[key] || PLACE_TEXTS[key];
  const statusId = useId();
  const alertId = useId();
  const [input, mapDiv, text, status, alert, maps, locate, type] = usePlace(props, t);
  const describedBy =
    [props.describedBy, status ? statusId : '', alert ? alertId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="place">
      <div className="place-row">
        <input
          ref={input}
          id={inputId}
          className="input"
          part="input"
          type="text"
          autoComplete="off"
          value={text}
          placeholder={def.placeholder ?? t('placePlaceholder')}
          disabled={disabled}
          required={def.required}
          aria-required={def.required || undefined}
          aria-invalid={invalid || !!alert || undefined}
          aria-describedby={describedBy}
          onChange={(e) => type(e.currentTarget.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="locate-button"
          part="locate-button"
          disabled={disabled}
          onClick={() => void locate()}
        >
          {t('useLocation')}
        </button>
      </div>
      <p id={alertId} className="place-alert" part="error" role="alert">
        {alert}
      </p>
      <p id={statusId} className="place-status" part="place-status" aria-live="polite">
        {status}
      </p>
      {def.showmap && (
        <section
          ref={mapDiv}
          className="place-map"
          part="map"
          aria-label={fill(t('mapLabel'), { label: def.label ?? def.elementId })}
          data-ready={maps ? '' : undefined}
          style={{
            height: `${def.map_height && def.map_height > 0 ? def.map_height : DEFAULT_MAP_HEIGHT}px`,
          }}
        />
      )}
    </div>
  );
}

/**
 * The place selector's state, as `[input, mapDiv, text, status, alert, maps, locate, type]`: the
 * refs of the input and the map's holder, the text shown, the status and alert lines, the provider
 * once loaded (connected once per field: the value and callbacks are read through refs), choosing
 * the shopper's location, and text typed by hand (a place chosen from the list is handled here).
 */
function usePlace(props: FieldViewProps, t: (key: keyof PlaceTexts) => string) {
  const { def, field, onValue } = props;
  const input = useRef<HTMLInputElement>(null);
  const mapDiv = useRef<HTMLElement>(null);
  const held = isPlace(field.value) ? field.value : undefined;
  const [text, setText] = useState(held?.value ?? '');
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState('');
  const [maps, setMaps] = useState<MapsApi | undefined>(undefined);
  const view = useRef<Partial<PlaceMap>>({});
  const latest = useRef({ onValue, t });
  latest.current = { onValue, t };
  useEffect(() => adoptStyles(input.current, PLACE_CSS), []);

  // A value set from outside (re-initialisation, clones moving) shows in the input.
  const shown = useRef(held?.value ?? '');
  useEffect(() => {
    const now = held?.value ?? '';
    if (now !== shown.current) {
      shown.current = now;
      setText(now);
    }
  }, [held?.value]);
  const show = (next: string) => {
    shown.current = next;
    setText(next);
  };
  const choose = (value: PlaceValue, api?: MapsApi) => {
    show(value.value);
    setAlert('');
    latest.current.onValue(value);
    if (api && value.cords) {
      const position = new api.LatLng(value.cords.lat, value.cords.lng);
      view.current.map?.setCenter(position);
      view.current.map?.setZoom(15);
      view.current.marker?.setPosition(position);
      view.current.marker?.setVisible(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per field
  useEffect(() => {
    if (!input.current) return;
    return connectPlaces(
      input.current,
      () => (def.showmap ? mapDiv.current : null),
      held?.cords,
      (api, map) => {
        setMaps(api);
        if (map) view.current = map;
      },
      (place, api) => {
        const value = placeValue(place);
        if (value) choose(value, api);
        else {
          // spec §8 "Map place without geometry": inline (announced, not blocking) unless the page
          // asks for the browser's alert (`shop_maps.no_details_alert`).
          const text = fill(latest.current.t('noDetails'), {
            name: place?.name ?? input.current?.value ?? '',
          });
          if (mapsConfig(input.current?.ownerDocument).alert) window.alert(text);
          else setAlert(text);
        }
      },
      (error) => {
        setStatus(latest.current.t('mapsUnavailable'));
        logError(
          'shop-option-form',
          `field "${def.elementId}": the maps provider could not be loaded.`,
          error,
        );
      },
    );
  }, [def.elementId]);

  const locate = async () => {
    setStatus(t('locating'));
    setAlert('');
    try {
      choose(await locatePlace(mapsConfig(input.current?.ownerDocument), maps), maps);
      setStatus('');
    } catch (error) {
      setStatus(t('locationFailed'));
      logError('shop-option-form', `field "${def.elementId}": geolocation failed.`, error);
    }
  };
  const type = (typed: string) => {
    show(typed);
    setAlert('');
    // Typed by hand (or changed after a choice): the text is posted, without parts or position.
    onValue(typed.trim() ? { value: typed } : null);
  };
  return [input, mapDiv, text, status, alert, maps, locate, type] as const;
}

/** The entry the registry loads for `placeselector`. */
export const placeType: FieldType = { view: PlaceSelector };
