import { defineElement } from '../../shared/define-element.tsx';
import { ReviewsController } from './shop-reviews.controller.ts';
import type { Review } from './shop-reviews.data.ts';
import { parseReviews } from './shop-reviews.data.ts';
import { type ReviewsSettings, reviewsSettings } from './shop-reviews.settings.ts';
import { styles } from './shop-reviews.styles.ts';
import { Reviews } from './shop-reviews.view.tsx';

/**
 * Customer reviews from a review provider as a grid or a slider (spec §1, §3 Review card and
 * Reviews widget settings, §4 Review text and Reviews slider, §9 Cart and reviews). The reviews
 * come from the server-printed light DOM (`[data-review]` cards, readable without JavaScript,
 * shown again if rendering fails), a `<script type="application/reviews+json">` child, the
 * `reviews` property, or `reviews_url` (more loaded as the slider nears the end). Settings come
 * from `data-options` as the provider prints them, `settings`, or the `settings` property; the
 * widget initialises once and marks itself `data-exec="true"`. Photos open in a PhotoSwipe
 * lightbox loaded on first use.
 *
 * @tagname shop-reviews
 * @summary Customer reviews as a grid or an APG carousel, with read more, time ago and a photo lightbox.
 * @attr {string} data-options - JSON matching `reviewsSettings` (the provider's names); invalid fields are reported and their defaults used.
 * @attr {string} settings - The same JSON, under the house name.
 * @attr {string} data-exec - Set to "true" once the widget has initialised; a widget printed with "true" (run by another script) is left alone, shown as printed.
 * @csspart widget - The container (has the size class `size-xs` ... `size-xl`).
 * @csspart empty - The "no reviews yet" line.
 * @csspart list - The grid of cards.
 * @csspart more-button - Loads more reviews in the grid.
 * @csspart card - One review.
 * @csspart author - The author's name (a link when the review has one).
 * @csspart stars - The rating.
 * @csspart time - When the review was written (time ago, or a date).
 * @csspart text - The review text.
 * @csspart read-more - Shows the whole text.
 * @csspart media - The list of photo thumbnails.
 * @csspart thumb - A photo thumbnail button.
 * @csspart slider - The carousel.
 * @csspart controls - The rotation, previous and next buttons.
 * @csspart pause-button - Stops or starts the automatic slide show.
 * @csspart previous-button - Shows earlier reviews.
 * @csspart next-button - Shows later reviews.
 * @csspart track - The row of slides: a native horizontal scroll-snap scroller (swipe or trackpad scrolls it).
 * @csspart dots - The dot buttons.
 * @csspart dot - One dot button.
 * @csspart dot--active - The dot of the reviews in view.
 * @cssproperty [--star-color=#f5a623] - Colour of a filled star.
 * @cssproperty [--gap=1rem] - Space between cards.
 * @cssproperty [--accent=var(--shop-color-accent, #446084)] - Read more link and the current dot.
 * @cssproperty [--surface=var(--shop-color-surface, #fff)] - Card background.
 * @cssproperty [--text-color=var(--shop-color-text, #333)] - Card text.
 * @cssproperty [--muted-color=var(--shop-color-muted, #777)] - Time and empty stars.
 * @cssproperty [--border-color=var(--shop-color-border, #ddd)] - Card border and dots.
 * @cssproperty [--radius=var(--shop-radius, 4px)] - Corner radius.
 */
export class ShopReviewsElement extends defineElement(Reviews, {
  tag: 'shop-reviews',
  settings: reviewsSettings,
  styles,
  jsonAttributes: ['data-options'],
  // Created once per widget: it initialises once (spec §3), a re-inserted widget keeps its state.
  controller: ({ host, settings$ }) => new ReviewsController({ host, settings: settings$ }),
}) {
  /** The reviews shown; set it to an array of review JSON (invalid entries are dropped). */
  get reviews(): readonly Review[] {
    return this.controller.$state.get().reviews;
  }
  set reviews(value: unknown) {
    this.controller.setReviews(parseReviews(value).reviews);
  }
}

ShopReviewsElement.define();

export type { Review, ReviewsSettings };

declare global {
  interface HTMLElementTagNameMap {
    'shop-reviews': ShopReviewsElement;
  }
}
