import { useStore } from '@nanostores/react';
import { type CSSProperties, type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { fill } from '../../shared/format/messages.ts';
import type { ReviewsController } from './shop-reviews.controller.ts';
import type { ReviewsSettings } from './shop-reviews.settings.ts';

export interface SliderProps {
  controller: ReviewsController;
  settings: ReviewsSettings;
  /** The cards, one per review. */
  slides: ReactNode[];
}

/** Pixels a mouse or pen must travel to count as a swipe (touch scrolls the track natively). */
const SWIPE_PX = 40;

/**
 * The slider as the APG carousel pattern (https://www.w3.org/WAI/ARIA/apg/patterns/carousel/):
 * rotation control first, previous/next, slides as labelled groups (the ones out of view inert),
 * dots; a polite live region while not rotating. The track is a native CSS scroll-snap scroller
 * (issue 14): touch and trackpads scroll it, the controller scrolls it for the buttons, dots,
 * wheel and autoplay and reads the current card back from its scroll position.
 */
export function Slider({ controller, settings, slides }: SliderProps) {
  const { index, columns, playing, held, reviews } = useStore(controller.$state);
  const { messages } = settings;
  const trackId = useId();
  const root = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);
  useEffect(() => {
    if (root.current && track.current) return controller.track.observe(root.current, track.current);
  }, [controller]);
  // New widths (columns) or cards: the current card goes back to the start of the track.
  // biome-ignore lint/correctness/useExhaustiveDependencies: columns and the card count are the triggers
  useLayoutEffect(() => controller.track.scroll('auto'), [controller, columns, slides.length]);
  const last = Math.max(0, slides.length - columns);
  const { targets, current } = controller.dots();
  const rotating = playing && !held;
  return (
    <section
      ref={root}
      className="slider"
      part="slider"
      aria-roledescription="carousel"
      aria-label={messages.region}
      onPointerEnter={(e) => e.pointerType === 'mouse' && controller.hold('pointer', true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && controller.hold('pointer', false)}
      onFocus={() => controller.hold('focus', true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) controller.hold('focus', false);
      }}
      onClickCapture={(e) => {
        // The rotation control is not a "click in the slider" (clickstop): it has its own say.
        if (!(e.target as Element).closest('[part="pause-button"]')) controller.click();
      }}
    >
      <div className="controls" part="controls">
        <button
          type="button"
          className="control"
          part="pause-button"
          aria-label={playing ? messages.pause : messages.play}
          onClick={() => controller.setPlaying(!playing)}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <button
          type="button"
          className="control"
          part="previous-button"
          aria-controls={trackId}
          aria-label={messages.previous}
          onClick={() => controller.previous()}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="control"
          part="next-button"
          aria-controls={trackId}
          aria-label={messages.next}
          onClick={() => controller.next()}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div
        ref={track}
        id={trackId}
        className="track"
        part="track"
        aria-live={rotating ? 'off' : 'polite'}
        style={{ '--_columns': columns } as CSSProperties}
        onPointerDown={(e) => {
          swipeStart.current = e.pointerType === 'touch' ? null : e.clientX;
        }}
        onPointerUp={(e) => {
          const start = swipeStart.current;
          swipeStart.current = null;
          if (start === null || Math.abs(e.clientX - start) < SWIPE_PX) return;
          controller.swipe(e.clientX < start ? 1 : -1);
        }}
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slides are role=group with aria-roledescription=slide
          <div
            key={reviews[i]?.id ?? i}
            // Snap points: every card when a swipe moves one (swipe_step), else the start of each view.
            className={
              settings.swipe_step || (i <= last && (i % columns === 0 || i === last))
                ? 'slide slide--snap'
                : 'slide'
            }
            role="group"
            aria-roledescription="slide"
            aria-label={fill(messages.slide, { index: i + 1, count: slides.length })}
            inert={i < index || i >= index + columns}
          >
            {slide}
          </div>
        ))}
      </div>
      {!settings.hide_dots && targets.length > 1 && (
        // biome-ignore lint/a11y/useSemanticElements: a group of buttons (APG carousel picker), not a form fieldset
        <div className="dots" part="dots" role="group" aria-label={messages.dots}>
          {targets.map((target, i) => (
            <button
              key={target}
              type="button"
              className="dot"
              part={i === current ? 'dot dot--active' : 'dot'}
              aria-label={fill(messages.dot, { index: target + 1 })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => controller.goTo(target)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
