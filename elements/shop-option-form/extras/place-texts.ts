/**
 * The place selector's visible strings (issue 13): part of the element's `messages`, with these
 * defaults in the place chunk (the settings schema keeps the strings it is given).
 */
export const PLACE_TEXTS = {
  /** The address input's placeholder (the field's own `placeholder` wins). */
  placePlaceholder: 'Enter a location',
  useLocation: 'Use my location',
  locating: 'Finding your location…',
  locationFailed: 'Your location could not be found. Please type the address.',
  /** spec §8 "Map place without geometry". */
  noDetails: 'No details available for input: {name}',
  /** The provider script or its places library could not be loaded. */
  mapsUnavailable: 'Address suggestions are not available. Please type the address.',
  /** The map's accessible name. */
  mapLabel: 'Map of {label}',
};
export type PlaceTexts = typeof PLACE_TEXTS;
