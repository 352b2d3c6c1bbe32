import { useEffect, useRef } from 'react';
import { formatDate } from '../../shared/format/dates.ts';
import { fill } from '../../shared/format/messages.ts';
import { type Review, trimText } from './shop-reviews.data.ts';
import type { ReviewsSettings } from './shop-reviews.settings.ts';
import { reviewTimeAgo } from './shop-reviews.time.ts';

export interface ReviewCardProps {
  review: Review;
  settings: ReviewsSettings;
  /** The page language (the card's own `lang` wins for its text). */
  lang: string | undefined;
  now: number;
  expanded: boolean;
  onExpand(id: string): void;
  onMedia(review: Review, index: number, opener: HTMLElement): void;
}

/** Stars with their accessible text ("Rated 4 out of 5"); the glyphs are hidden from readers. */
function Stars({ rating, label }: { rating: number; label: string }) {
  const full = Math.round(rating);
  return (
    <span className="stars" part="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= full ? 'star star--on' : 'star'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** One review (spec §3 Review card): author, stars, time, text with read more, photos. Text is text, never markup. */
export function ReviewCard({ review, settings, lang, now, expanded, onExpand, onMedia }: ReviewCardProps) {
  const { messages } = settings;
  const textRef = useRef<HTMLParagraphElement>(null);
  const wasExpanded = useRef(expanded);
  useEffect(() => {
    // The read-more button goes away once the text is expanded: focus moves to the text.
    if (expanded && !wasExpanded.current) textRef.current?.focus();
    wasExpanded.current = expanded;
  }, [expanded]);
  const trimmed = expanded ? null : trimText(review.text, settings.text_size);
  const rel = [settings.nofollow_link && 'nofollow', settings.open_link && 'noopener']
    .filter(Boolean)
    .join(' ');
  const linkProps = { target: settings.open_link ? '_blank' : undefined, rel: rel || undefined };
  const date = new Date(review.time * 1000);
  const time = settings.time_format
    ? formatDate(date, lang, settings.time_format)
    : reviewTimeAgo(review.time, now, lang, settings.translations);
  return (
    <article className="card" part="card" lang={review.lang ?? undefined}>
      <header className="card__head">
        {review.authorUrl ? (
          <a className="author" part="author" href={review.authorUrl} {...linkProps}>
            {review.author}
          </a>
        ) : (
          <span className="author" part="author">
            {review.author}
          </span>
        )}
        {review.rating > 0 && (
          <Stars rating={review.rating} label={fill(messages.stars, { rating: review.rating })} />
        )}
        {review.time > 0 && (
          <time
            className="time"
            part="time"
            dateTime={date.toISOString()}
            title={formatDate(date, lang, 'long')}
          >
            {review.url ? (
              <a href={review.url} {...linkProps}>
                {time}
              </a>
            ) : (
              time
            )}
          </time>
        )}
      </header>
      <p className="text" part="text" ref={textRef} tabIndex={-1}>
        {trimmed ?? review.text}
      </p>
      {trimmed !== null && (
        <button type="button" className="read-more" part="read-more" onClick={() => onExpand(review.id)}>
          {messages.readMore}
        </button>
      )}
      {review.media.length > 0 && (
        <ul className="media" part="media">
          {review.media.map((m, i) => (
            <li key={m.src}>
              <button
                type="button"
                className="thumb"
                part="thumb"
                aria-haspopup="dialog"
                onClick={(event) => onMedia(review, i, event.currentTarget)}
              >
                <img
                  src={m.thumb}
                  alt={fill(messages.photo, {
                    index: i + 1,
                    count: review.media.length,
                    author: review.author,
                  })}
                  loading="lazy"
                  width={64}
                  height={64}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
