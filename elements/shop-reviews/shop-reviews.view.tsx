import { useStore } from '@nanostores/react';
import { type CSSProperties, useEffect, useRef } from 'react';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { languageOf } from '../../shared/format/messages.ts';
import { usePrefersReducedMotion } from '../../shared/hooks/use-media-query.ts';
import { ReviewCard } from './shop-reviews.card.view.tsx';
import type { ReviewsController } from './shop-reviews.controller.ts';
import type { ReviewsSettings } from './shop-reviews.settings.ts';
import { Slider } from './shop-reviews.slider.view.tsx';

/**
 * The view of `<shop-reviews>`: the cards as a grid or a slider, in the container's size class
 * (spec §9). No timers, requests or page listeners here: they belong in the controller.
 */
export function Reviews({
  settings,
  host,
  controller,
}: ElementViewProps<ReviewsSettings, ReviewsController>) {
  const reducedMotion = usePrefersReducedMotion();
  const state = useStore(controller.$state);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => controller.setReducedMotion(reducedMotion), [controller, reducedMotion]);
  useEffect(() => (container.current ? controller.observeSize(container.current) : undefined), [controller]);
  // Printed as already run by another script (data-exec="true", spec §3): shown as printed.
  if (controller.leftAlone) return <slot />;
  const lang = languageOf(host);
  const now = controller.now();
  const { messages } = settings;
  const cards = state.reviews.map((review) => (
    <ReviewCard
      key={review.id}
      review={review}
      settings={settings}
      lang={lang}
      now={now}
      expanded={state.expanded.includes(review.id)}
      onExpand={(id) => controller.expand(id)}
      onMedia={(r, i, opener) => void controller.lightbox(r, i, opener)}
    />
  ));
  const slider = settings.layout === 'slider' && state.reviews.length > 0;
  return (
    <div
      ref={container}
      className={`reviews reviews--${settings.layout} size-${state.sizeClass}`}
      part="widget"
      data-size={state.sizeClass}
      data-columns={state.columns}
      aria-busy={state.loading ? 'true' : undefined}
    >
      {state.reviews.length === 0 && (
        <p className="empty" part="empty">
          {messages.empty}
        </p>
      )}
      {slider ? (
        <Slider controller={controller} settings={settings} slides={cards} />
      ) : (
        state.reviews.length > 0 && (
          <ul
            className="grid"
            part="list"
            aria-label={messages.region}
            style={{ '--_columns': state.columns } as CSSProperties}
          >
            {cards.map((card, i) => (
              <li key={state.reviews[i].id}>{card}</li>
            ))}
          </ul>
        )
      )}
      {!slider && state.more && settings.reviews_url && (
        <button
          type="button"
          className="more"
          part="more-button"
          disabled={state.loading}
          onClick={() => void controller.loadMore()}
        >
          {messages.more}
        </button>
      )}
    </div>
  );
}
