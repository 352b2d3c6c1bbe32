import type { Review } from './shop-reviews.data.ts';

/** schema.org Product with the AggregateRating of the reviews shown (issue 14, opt-in `aggregate_rating`). */
export function aggregateRating(reviews: readonly Review[], name: string): Record<string, unknown> | null {
  const rated = reviews.filter((r) => r.rating > 0);
  if (!name || rated.length === 0) return null;
  const average = rated.reduce((sum, r) => sum + r.rating, 0) / rated.length;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Math.round(average * 10) / 10,
      reviewCount: rated.length,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

const HOLDER = 'data-shop-reviews-rating';

/**
 * Keeps `<script type="application/ld+json">` in the host's light DOM (where search engines read
 * it) equal to `data`, or removes it for null. Wrapped in a hidden div, so the settings-script
 * watcher of defineElement (added SCRIPT children) is not woken.
 */
export function writeJsonLd(host: HTMLElement, data: Record<string, unknown> | null): void {
  let holder = host.querySelector<HTMLElement>(`:scope > [${HOLDER}]`);
  if (!data) {
    holder?.remove();
    return;
  }
  if (!holder) {
    holder = document.createElement('div');
    holder.setAttribute(HOLDER, '');
    holder.hidden = true;
    holder.append(Object.assign(document.createElement('script'), { type: 'application/ld+json' }));
    host.append(holder);
  }
  const text = JSON.stringify(data).replace(/</g, '\\u003c');
  const script = holder.querySelector('script')!;
  if (script.textContent !== text) script.textContent = text;
}
