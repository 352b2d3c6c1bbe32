/**
 * Styles of `<product-gallery>`, adopted after styles/base.styles.ts: the slider (one image in
 * view, moved by transform; no movement under reduced motion, from the base styles), the zoom
 * layer, the round buttons over the image and the thumbnail strip.
 */
export const styles = /* css */ `
:host {
  --_gap: var(--gap, 0.5rem);
  --_thumb-size: var(--thumbnail-size, 4.5rem);
  --_button-bg: var(--button-background, rgb(255 255 255 / 0.85));
  display: block;
}
.gallery {
  display: grid;
  gap: var(--_gap);
}
.stage {
  position: relative;
  touch-action: pan-y pinch-zoom;
  overflow: hidden;
  border-radius: var(--_radius);
}
.track {
  display: flex;
  transform: translateX(calc(-100% * var(--_index, 0)));
  transition: transform 0.3s ease;
}
:host(:dir(rtl)) .track {
  transform: translateX(calc(100% * var(--_index, 0)));
}
.slide {
  position: relative;
  flex: 0 0 100%;
  overflow: hidden;
  cursor: zoom-in;
}
.image {
  display: block;
  width: 100%;
  height: auto;
}
.zoom {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  max-width: none;
  object-fit: none;
  object-position: calc(var(--_zx) * 100%) calc(var(--_zy) * 100%);
  pointer-events: none;
  background: var(--_surface);
}
.zoom-status {
  position: absolute;
  inset: auto 0 0 0;
  margin: 0;
  padding: 0.4em 0.75em;
  background: var(--_surface);
  color: var(--_text);
  font-size: 0.875rem;
  text-align: center;
  pointer-events: none;
}
.zoom-status--error {
  color: var(--_danger);
}
button {
  font: inherit;
  cursor: pointer;
}
svg {
  width: 1.25rem;
  height: 1.25rem;
  fill: none;
  stroke: currentColor;
  stroke-width: 2;
  stroke-linecap: round;
  stroke-linejoin: round;
}
.trigger,
.arrow {
  position: absolute;
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  padding: 0;
  border: 1px solid var(--_border-color);
  border-radius: 50%;
  background: var(--_button-bg);
  color: var(--_text);
}
.trigger {
  top: 0.5rem;
  inset-inline-end: 0.5rem;
}
.arrow {
  top: 50%;
  translate: 0 -50%;
}
.arrow--previous {
  inset-inline-start: 0.5rem;
}
.arrow--next {
  inset-inline-end: 0.5rem;
}
:host(:dir(rtl)) .arrow svg {
  transform: scaleX(-1);
}
.thumbnails {
  display: flex;
  flex-wrap: wrap;
  gap: var(--_gap);
  margin: 0;
  padding: 0;
  list-style: none;
}
.thumbnail {
  display: block;
  width: var(--_thumb-size);
  padding: 0;
  border: 2px solid transparent;
  border-radius: var(--_radius);
  background: none;
  opacity: 0.7;
}
.thumbnail[aria-current='true'] {
  border-color: var(--_accent);
  opacity: 1;
}
.thumbnail:hover {
  opacity: 1;
}
.thumbnail img {
  display: block;
  width: 100%;
  height: auto;
  border-radius: calc(var(--_radius) / 2);
}
`;
