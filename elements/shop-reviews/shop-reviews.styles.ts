/**
 * Styles of `<shop-reviews>`, adopted after styles/base.styles.ts: the shared knobs, plus the
 * star colour and the gap. Columns come from the controller (`--_columns`, spec §9 breakpoints
 * and size classes). The slider is a native scroll-snap track (issue 14): its position is its
 * scroll position, animated by the controller's scrollTo (instant under reduced motion).
 */
export const styles = /* css */ `
:host {
  --_star: var(--star-color, #f5a623);
  --_gap: var(--gap, 1rem);
  display: block;
}
.reviews {
  container-type: inline-size;
}
.grid {
  display: grid;
  grid-template-columns: repeat(var(--_columns, 1), minmax(0, 1fr));
  gap: var(--_gap);
  list-style: none;
  margin: 0;
  padding: 0;
}
.card {
  display: flex;
  flex-direction: column;
  gap: 0.5em;
  height: 100%;
  box-sizing: border-box;
  padding: 1em;
  border: 1px solid var(--_border-color);
  border-radius: var(--_radius);
  background: var(--_surface);
  color: var(--_text);
}
.card__head {
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.25em 0.75em;
}
.author {
  font-weight: 600;
  color: inherit;
}
.time,
.time a {
  color: var(--_muted);
  font-size: 0.875em;
}
.stars {
  color: var(--_muted);
  letter-spacing: 0.05em;
}
.star--on {
  color: var(--_star);
}
.text {
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
}
.text:focus {
  outline: none;
}
.read-more,
.more,
.control {
  font: inherit;
  cursor: pointer;
  border: 1px solid var(--_border-color);
  border-radius: var(--_radius);
  background: var(--_surface);
  color: var(--_text);
}
.read-more {
  align-self: flex-start;
  border: 0;
  padding: 0;
  background: none;
  color: var(--_accent);
  text-decoration: underline;
}
.more {
  margin-top: var(--_gap);
  padding: 0.5em 1em;
}
.media {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5em;
  list-style: none;
  margin: 0;
  padding: 0;
}
.thumb {
  padding: 0;
  border: 0;
  border-radius: var(--_radius);
  overflow: hidden;
  cursor: zoom-in;
  background: none;
}
.thumb img {
  display: block;
  width: 4rem;
  height: 4rem;
  object-fit: cover;
}
.controls {
  display: flex;
  justify-content: flex-end;
  gap: 0.5em;
  margin-bottom: 0.5em;
}
.control {
  min-width: 2.75rem;
  min-height: 2.75rem;
}
.track {
  display: flex;
  overflow-x: auto;
  overflow-y: hidden;
  scroll-snap-type: x mandatory;
  overscroll-behavior-x: contain;
  scrollbar-width: none;
}
.track::-webkit-scrollbar {
  display: none;
}
.slide {
  flex: 0 0 calc(100% / var(--_columns, 1));
  box-sizing: border-box;
  padding: 0 calc(var(--_gap) / 2);
}
.slide--snap {
  scroll-snap-align: start;
}
.dots {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.25em;
  margin-top: 0.75em;
}
.dot {
  width: 1.5rem;
  height: 1.5rem;
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
}
.dot::before {
  content: '';
  display: block;
  width: 0.625rem;
  height: 0.625rem;
  margin: auto;
  border-radius: 50%;
  background: var(--_border-color);
}
.dot[aria-current='true']::before {
  background: var(--_accent);
}
`;
