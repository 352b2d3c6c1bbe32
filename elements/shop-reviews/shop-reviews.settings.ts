import * as z from 'zod/mini';
import { messagesSchema } from '../../shared/format/messages.ts';
import { bool, decimal, integer, oneOf, text } from '../../shared/format/settings.ts';

/**
 * Time phrases of the `translations` setting (spec §3 Reviews widget settings): any key given
 * replaces the `Intl.RelativeTimeFormat` phrase of that threshold (spec §9 time-ago thresholds);
 * `{count}` is the number.
 */
export const TIME_PHRASES = [
  'just_now',
  'minute',
  'minutes',
  'hour',
  'hours',
  'day',
  'days',
  'month',
  'months',
  'year',
  'years',
] as const;
export type TimePhrase = (typeof TIME_PHRASES)[number];

/** `width:columns` pairs, e.g. `0:1, 510:2, 750:3` (spec §3 breakpoints). */
const BREAKPOINTS = /^\s*(\d{1,5}\s*:\s*\d{1,2}\s*)(,\s*\d{1,5}\s*:\s*\d{1,2}\s*)*$/;

/**
 * Settings of `<shop-reviews>` (spec §3 "Reviews widget settings"), named as the review provider
 * prints them in `data-options`; every field defaulted, visible strings under `messages`.
 */
export const reviewsSettings = z.object({
  /** Grid of cards, or the slider (spec §1, §4 Reviews slider). */
  layout: oneOf(['grid', 'slider'], 'grid'),
  /** Characters of review text shown before "read more"; 0 shows the whole text (spec §4 Review text). */
  text_size: integer(200, 0, 100_000),
  /** '' shows "time ago" (spec §9 thresholds); a date style shows the date instead. */
  time_format: oneOf(['', 'short', 'medium', 'long', 'full'], ''),
  /** Reviews asked for per load-more request (spec §4 Reviews slider: loads further reviews on scroll). */
  pagination: integer(10, 1, 100),
  /** Where more reviews come from (GET, JSON; only http(s), spec §7 Reviews widget); '' loads none. */
  reviews_url: text('', 2000),
  /** The slider moves forward on its own (spec §4 Reviews slider). */
  autoplay: bool(false),
  /** Seconds between autoplay moves. */
  speed: decimal(3, 1, 600),
  /** A swipe, wheel or autoplay step moves one card (true) or a whole view (false). */
  swipe_step: bool(true),
  /** Previous/next move one card (true) or a whole view (false). */
  swipe_per_btn: bool(false),
  /** One dot per card (true) or per view (false). */
  swipe_per_dot: bool(false),
  /** Hides the dots. */
  hide_dots: bool(false),
  /** Autoplay waits while the pointer is over the slider. */
  mousestop: bool(true),
  /** A click in the slider stops autoplay for good. */
  clickstop: bool(true),
  /** The mouse wheel moves the slider. */
  wheelscroll: bool(false),
  /** Container width:columns pairs; '' takes the columns from the size class (spec §9). */
  breakpoints: z._default(
    z.union([z.string().check(z.maxLength(500), z.regex(BREAKPOINTS)), z.literal('')]),
    '',
  ),
  /** Author and review links open in a new tab. */
  open_link: bool(true),
  /** Author and review links carry rel="nofollow". */
  nofollow_link: bool(true),
  /** Time phrases replacing the page language's (keys: just_now, minute(s), hour(s), day(s), month(s), year(s)). */
  translations: z._default(z.partialRecord(z.enum(TIME_PHRASES), z.string().check(z.maxLength(200))), {}),
  /** Adds JSON-LD aggregate rating for what is shown, named after this product (issue 14, opt-in). */
  aggregate_rating: text('', 300),
  /** Visible strings. */
  messages: messagesSchema({
    region: 'Customer reviews',
    empty: 'No reviews yet.',
    stars: 'Rated {rating} out of 5',
    readMore: 'Read more',
    previous: 'Previous reviews',
    next: 'Next reviews',
    pause: 'Stop automatic slide show',
    play: 'Start automatic slide show',
    slide: '{index} of {count}',
    dot: 'Show review {index}',
    dots: 'Choose reviews to show',
    more: 'More reviews',
    photo: 'Photo {index} of {count} by {author}',
    imageError: 'The image could not be loaded',
    imageErrorNumbered: 'The image #{index} could not be loaded.',
    close: 'Close',
    zoom: 'Zoom',
    previousPhoto: 'Previous photo',
    nextPhoto: 'Next photo',
  }),
});

export type ReviewsSettings = z.infer<typeof reviewsSettings>;
export type ReviewsMessages = ReviewsSettings['messages'];
