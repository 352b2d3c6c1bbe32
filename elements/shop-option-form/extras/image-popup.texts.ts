/**
 * The image popup's visible strings: the element's `messages` (defaults here, in the popup's chunk;
 * `imageOpen`, the button's name, is the settings schema's own).
 */
export const IMAGE_POPUP_TEXTS = {
  imageClose: 'Close',
  imageZoom: 'Zoom',
  imagePrevious: 'Previous image',
  imageNext: 'Next image',
  /** The popup's name when the option image has no label. */
  imageOf: 'Image {index} of {count}',
  /** spec §8 "Lightbox image load failure" (one image, with a link to it). */
  imageError: 'The image could not be loaded',
  /** spec §8, with the image's number (several images). */
  imageErrorNumbered: 'The image #{index} could not be loaded.',
};
export type ImagePopupTexts = typeof IMAGE_POPUP_TEXTS;
