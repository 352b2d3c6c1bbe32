import { useStore } from '@nanostores/react';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useId, useRef } from 'react';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { fill } from '../../shared/format/messages.ts';
import type { ProductGalleryController, ZoomState } from './product-gallery.controller.ts';
import type { ProductGalleryMessages, ProductGallerySettings } from './product-gallery.settings.ts';

/** A touch or pen swipe this long (px, mostly sideways) moves to the next or previous image. */
const SWIPE_PX = 30;

/** Where the pointer is over the image, as fractions (the controller keeps them). */
const fraction = (event: PointerEvent<HTMLElement>) => {
  const box = event.currentTarget.getBoundingClientRect();
  return [
    (event.clientX - box.left) / (box.width || 1),
    (event.clientY - box.top) / (box.height || 1),
  ] as const;
};

/** The large image over the slide, moved with the pointer, or the zoom's loading or failure text. */
function Zoom({ zoom, messages }: { zoom: ZoomState; messages: ProductGalleryMessages }) {
  if (zoom.status !== 'ready') {
    return (
      <p className={`zoom-status zoom-status--${zoom.status}`} part="zoom-status">
        {zoom.status === 'error' ? messages.zoomError : messages.zoomLoading}
      </p>
    );
  }
  const style = { '--_zx': zoom.x, '--_zy': zoom.y } as CSSProperties;
  return <img className="zoom" part="zoom-image" src={zoom.src} alt="" aria-hidden="true" style={style} />;
}

/**
 * The view of `<product-gallery>`: the APG carousel (previous/next buttons, thumbnails with
 * aria-current, a polite "Image N of M"), the zoom over the image and the lightbox trigger.
 * No timers, loads or page listeners here: they belong in the controller.
 */
export function ProductGallery({
  settings,
  controller,
}: ElementViewProps<ProductGallerySettings, ProductGalleryController>) {
  const { items, index, status, zoom } = useStore(controller.$state);
  const trigger = useRef<HTMLButtonElement>(null);
  // The slides the previous/next buttons move (APG carousel: the buttons control the slide container).
  const trackId = useId();
  /** Where a touch or pen press started, and whether it became a swipe (then its click is not a tap). */
  const press = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const { messages } = settings;
  const count = items.length;
  // Nothing to show: the page's own markup (or nothing) stays.
  if (count === 0) return <slot />;
  const zoomable = controller.zoomAllowed();
  const open = () => void controller.openLightbox(trigger.current);
  const tap = () => {
    if (swiped.current) swiped.current = false;
    else if (settings.lightbox) open();
  };
  const pressStart = (event: PointerEvent<HTMLElement>) => {
    swiped.current = false;
    press.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
  };
  const pressEnd = (event: PointerEvent<HTMLElement>) => {
    const start = press.current;
    press.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    swiped.current = true;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    if (dx < 0 !== rtl) controller.next();
    else controller.previous();
  };
  const keys = (event: KeyboardEvent) => {
    const move = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!move || count < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    if (move > 0 !== rtl) controller.next();
    else controller.previous();
  };
  return (
    <section
      className="gallery"
      part="gallery"
      aria-roledescription="carousel"
      aria-label={messages.region}
      onKeyDown={keys}
    >
      <div className="stage" part="stage">
        <div id={trackId} className="track" style={{ '--_index': index } as CSSProperties}>
          {items.map((item, n) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the image is a mouse shortcut; keyboards use the trigger button
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slides are role=group with aria-roledescription=slide
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its position (the first one's image swaps)
              key={n}
              className="slide"
              part="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={fill(messages.slide, { index: n + 1, count })}
              inert={n !== index}
              onPointerEnter={(e) => e.pointerType === 'mouse' && zoomable && controller.zoomStart(n)}
              onPointerMove={(e) => zoom?.index === n && controller.zoomMove(...fraction(e))}
              onPointerLeave={() => controller.zoomEnd()}
              onPointerDown={pressStart}
              onPointerUp={pressEnd}
              onPointerCancel={() => {
                press.current = null;
              }}
              onClick={tap}
            >
              <img className="image" part="image" src={item.display} alt={item.alt} draggable={false} />
              {zoom?.index === n && <Zoom zoom={zoom} messages={messages} />}
            </div>
          ))}
        </div>
        {settings.lightbox && (
          <button ref={trigger} type="button" className="trigger" part="lightbox-button" onClick={open}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="6.5" />
              <path d="M15 15l6 6M10 7v6M7 10h6" />
            </svg>
            <span className="visually-hidden">{messages.open}</span>
          </button>
        )}
        {count > 1 && (
          <>
            <Arrow
              direction="previous"
              part="previous-button"
              label={messages.previous}
              controls={trackId}
              path="M15 5l-7 7 7 7"
              onClick={() => controller.previous()}
            />
            <Arrow
              direction="next"
              part="next-button"
              label={messages.next}
              controls={trackId}
              path="M9 5l7 7-7 7"
              onClick={() => controller.next()}
            />
          </>
        )}
      </div>
      {settings.thumbnails && count > 1 && (
        <ul className="thumbnails" part="thumbnails" aria-label={messages.thumbnails}>
          {items.map((item, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a thumbnail is its position
            <li key={n}>
              <button
                type="button"
                className="thumbnail"
                part={n === index ? 'thumbnail thumbnail--current' : 'thumbnail'}
                aria-current={n === index ? 'true' : undefined}
                onClick={() => controller.goTo(n)}
              >
                <img
                  src={item.thumb}
                  alt={fill(messages.thumbnail, { index: n + 1, count })}
                  draggable={false}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </section>
  );
}

/** A previous/next button over the image: its part, its icon and its text for screen readers. */
function Arrow(props: {
  direction: 'previous' | 'next';
  part: string;
  label: string;
  controls: string;
  path: string;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={`arrow arrow--${props.direction}`}
      part={props.part}
      aria-controls={props.controls}
      onClick={props.onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={props.path} />
      </svg>
      <span className="visually-hidden">{props.label}</span>
    </button>
  );
}
