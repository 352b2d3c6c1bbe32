import * as z from 'zod/mini';
import { safeUrl } from '../../shared/url.ts';

/** A photo attached to a review: thumbnail in the card, the large image in the lightbox. */
export interface ReviewMedia {
  src: string;
  thumb: string;
  width: number;
  height: number;
}

/** One review card (spec §3 Review card: time as a seconds timestamp, text, media thumbnails). */
export interface Review {
  id: string;
  author: string;
  authorUrl: string | null;
  /** 0 (no rating) to 5. */
  rating: number;
  text: string;
  /** Seconds since the epoch. */
  time: number;
  url: string | null;
  lang: string | null;
  media: ReviewMedia[];
}

/** A BCP 47 language tag in canonical form, or null (an invalid `lang` would mislead readers). */
export function languageTag(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

const text = (max: number) => z.catch(z.string().check(z.maxLength(max)), '');
const url = z.catch(
  z.pipe(
    z.nullish(z.string().check(z.maxLength(2000))),
    z.transform((value) => safeUrl(value ?? null)),
  ),
  null,
);
const size = (fallback: number) => z.catch(z.int().check(z.minimum(1), z.maximum(20_000)), fallback);

const mediaSchema = z.pipe(
  z.object({ src: url, thumb: url, width: size(1200), height: size(900) }),
  z.transform(({ src, thumb, width, height }) => (src ? { src, thumb: thumb ?? src, width, height } : null)),
);

/** One review as JSON (the reviews endpoint, a `reviews+json` script or the `reviews` property). */
export const reviewSchema = z.object({
  id: z.pipe(z.union([z.string().check(z.maxLength(200)), z.number()]), z.transform(String)),
  author: text(200),
  author_url: url,
  rating: z.catch(z.number().check(z.minimum(0), z.maximum(5)), 0),
  text: text(20_000),
  time: z.catch(z.number().check(z.minimum(0), z.maximum(1e11)), 0),
  url: url,
  lang: z.catch(z.nullish(z.string().check(z.maxLength(35))), null),
  media: z.pipe(
    z._default(z.catch(z.array(mediaSchema).check(z.maxLength(20)), []), []),
    z.transform((list) => list.filter((m): m is ReviewMedia => m !== null)),
  ),
});

const toReview = (r: z.infer<typeof reviewSchema>): Review => ({
  id: r.id,
  author: r.author,
  authorUrl: r.author_url,
  rating: r.rating,
  text: r.text,
  time: r.time,
  url: r.url,
  lang: languageTag(r.lang),
  media: r.media,
});

/** Reviews from JSON input: each valid entry kept, invalid ones dropped (and counted). */
export function parseReviews(input: unknown): { reviews: Review[]; rejected: number } {
  const list = Array.isArray(input) ? input : [];
  const reviews: Review[] = [];
  for (const item of list.slice(0, 1000)) {
    const parsed = reviewSchema.safeParse(item);
    if (parsed.success) reviews.push(toReview(parsed.data));
  }
  return { reviews, rejected: list.length - reviews.length };
}

/** A page of the reviews endpoint: `{ reviews: [...], more: boolean }`. */
export function parsePage(input: unknown): { reviews: Review[]; more: boolean } | null {
  if (typeof input !== 'object' || input === null || !('reviews' in input)) return null;
  const { reviews } = parseReviews((input as { reviews: unknown }).reviews);
  return { reviews, more: (input as { more?: unknown }).more === true };
}

/** `page` after `reviews`: its reviews not shown yet appended; more follow only if it brought new ones. */
export function appendPage(
  reviews: readonly Review[],
  page: { reviews: Review[]; more: boolean },
): { reviews: Review[]; more: boolean } {
  const known = new Set(reviews.map((r) => r.id));
  const fresh = page.reviews.filter((r) => !known.has(r.id));
  return { reviews: [...reviews, ...fresh], more: page.more && fresh.length > 0 };
}

/** The load-more address: `base` with `offset` and `limit` set (spec §3 pagination). */
export function pageUrl(base: string, offset: number, limit: number): string | null {
  const target = safeUrl(base);
  if (!target) return null;
  const url = new URL(target);
  url.searchParams.set('offset', String(offset));
  url.searchParams.set('limit', String(limit));
  return url.href;
}

/**
 * A number attribute within `[min, max]` (an integer when `int`): absent or empty gives
 * `fallback`; anything else out of range (`1e20`, `NaN`, `-5`) also gives `fallback`, and the
 * attribute's name goes into `bad`.
 */
function numberAttribute(
  node: HTMLElement,
  name: string,
  fallback: number,
  min: number,
  max: number,
  bad: string[],
  int = false,
): number {
  const value = node.getAttribute(name);
  if (value === null || value.trim() === '') return fallback;
  const n = Number(value);
  if (Number.isFinite(n) && n >= min && n <= max && (!int || Number.isInteger(n))) return n;
  bad.push(name);
  return fallback;
}

/** A printed review left with a bad attribute: its id and the attributes set aside. */
export interface MarkupProblem {
  id: string;
  attributes: string[];
}

/**
 * Reviews printed by the server in the widget's light DOM (progressive enhancement: readable
 * without JavaScript). Each review is an element with `data-review` (its id) holding
 * `data-time` (seconds), `data-rating`, `.review-author` (a link or text), `.review-text` and
 * `.review-media` links to the large images (with `data-width`/`data-height`), each around a
 * thumbnail `<img>`. An out-of-range number (a time past 1e11 s, a rating outside 0 to 5, a size
 * outside 1 to 20,000 px: the bounds of `reviewSchema`) is set aside, so that review still shows
 * (without a time, without stars, at the default photo size) and the others with it; each such
 * review lands in `problems`, for the one report.
 */
export function readReviewMarkup(root: ParentNode, problems: MarkupProblem[] = []): Review[] {
  return [...root.querySelectorAll<HTMLElement>('[data-review]')].map((node, index) => {
    const author = node.querySelector('.review-author');
    const link = author?.closest('a') ?? author?.querySelector('a');
    const permalink = node.querySelector<HTMLAnchorElement>('a.review-link');
    const id = node.dataset.review || `review-${index}`;
    const bad: string[] = [];
    const review = {
      id,
      author: author?.textContent?.trim() ?? '',
      authorUrl: safeUrl(link?.getAttribute('href') ?? null),
      rating: numberAttribute(node, 'data-rating', 0, 0, 5, bad),
      text: node.querySelector('.review-text')?.textContent?.trim() ?? '',
      time: numberAttribute(node, 'data-time', 0, 0, 1e11, bad),
      url: safeUrl(permalink?.getAttribute('href') ?? null),
      lang: languageTag(node.getAttribute('lang')),
      media: [...node.querySelectorAll<HTMLAnchorElement>('a.review-media')].flatMap((a) => {
        const src = safeUrl(a.getAttribute('href'));
        if (!src) return [];
        const thumb = safeUrl(a.querySelector('img')?.getAttribute('src') ?? null) ?? src;
        const width = numberAttribute(a, 'data-width', 1200, 1, 20_000, bad, true);
        return [{ src, thumb, width, height: numberAttribute(a, 'data-height', 900, 1, 20_000, bad, true) }];
      }),
    };
    if (bad.length) problems.push({ id, attributes: [...new Set(bad)] });
    return review;
  });
}

/** The one console message for printed reviews with bad attributes (spec §3 Review card). */
export function markupReport(problems: readonly MarkupProblem[]): string {
  return `ignored out-of-range attributes of printed reviews (${problems
    .map((p) => `${p.id}: ${p.attributes.join(', ')}`)
    .join('; ')}); those reviews show without them.`;
}

/** Reviews in a `<script type="application/reviews+json">` child (JSON instead of markup). */
export function readReviewScript(root: ParentNode): Review[] | null {
  const script = root.querySelector(':scope > script[type="application/reviews+json"]');
  if (!script) return null;
  try {
    return parseReviews(JSON.parse(script.textContent ?? '')).reviews;
  } catch {
    return null;
  }
}

/** Cuts `text` to at most `size` characters at a word boundary, with an ellipsis; null if it fits. */
export function trimText(text: string, size: number): string | null {
  if (size <= 0 || text.length <= size) return null;
  const cut = text.slice(0, size);
  const space = cut.lastIndexOf(' ');
  return `${(space > size * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
