/**
 * The demo shop's reviews endpoint for `<shop-reviews>` (issue 14, spec §7 Reviews widget: a JSON
 * request on slider scroll; "its path is not shown", so the path here is the demo's own):
 *
 *   GET /wp-json/shop-reviews/v1/reviews?offset=0&limit=10  ->  200 { reviews, more, total }
 *
 * 40 reviews in several languages, some with photos; times are seconds timestamps counted back
 * from the request, so "time ago" reads the same on every run. Any other path under the prefix
 * answers 404 (the widget does nothing on a non-200 answer, spec §8).
 */

const PREFIX = '/wp-json/shop-reviews/v1/';
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** [author, lang, rating, text, age in seconds, photos] */
const SOURCE = [
  [
    'Maria Keller',
    'de',
    5,
    'Die Tasche ist wunderschön verarbeitet und größer als erwartet. Der Versand war schnell, die Verpackung ordentlich.',
    20,
    2,
  ],
  [
    'James O’Connor',
    'en',
    4,
    'Good value. The strap could be a little longer, but the leather feels solid and the stitching is even.',
    5 * MINUTE,
    0,
  ],
  [
    'Sofia Rossi',
    'it',
    5,
    'Prodotto perfetto, esattamente come nelle foto. Lo consiglio a tutti!',
    2 * HOUR,
    1,
  ],
  [
    'Lucas Martin',
    'fr',
    3,
    'Correct pour le prix. La couleur est un peu plus sombre que sur le site.',
    30 * HOUR,
    0,
  ],
  [
    'Ana García',
    'es',
    5,
    'Me encanta. Lo uso todos los días para ir al trabajo y sigue como nuevo después de tres meses.',
    5 * DAY,
    3,
  ],
  ['Piotr Nowak', 'pl', 4, 'Solidne wykonanie, szybka dostawa. Polecam.', 12 * DAY, 0],
  ['Yuki Tanaka', 'ja', 5, 'とても使いやすいです。色もきれいで満足しています。', 40 * DAY, 1],
  [
    'Emma de Vries',
    'nl',
    2,
    'De rits ging na twee weken kapot. De klantenservice heeft het wel netjes opgelost.',
    75 * DAY,
    0,
  ],
  [
    'Oliver Smith',
    'en',
    5,
    'Bought this as a gift for my sister and she has not stopped talking about it. I <3 the colour — and yes, I typed <b>bold</b> on purpose.',
    200 * DAY,
    0,
  ],
  ['Ingrid Larsen', 'nb', 4, 'Fin kvalitet og god passform. Litt lang leveringstid.', 400 * DAY, 2],
];

const FILLER = [
  ['en', 'Exactly as described. Would buy again from this shop.'],
  ['de', 'Gutes Produkt, schnelle Lieferung, gerne wieder.'],
  ['fr', 'Très satisfaite de mon achat, merci !'],
  ['es', 'Buena calidad y llegó antes de lo previsto.'],
  ['pt', 'Produto excelente, recomendo.'],
  ['sv', 'Snabb leverans och bra kvalitet.'],
];

const PRODUCTS = ['wool-scarf', 'beanie', 'belt', 'cap', 'sunglasses'];

function photos(index, count) {
  return Array.from({ length: count }, (_, n) => {
    const slug = PRODUCTS[(index + n) % PRODUCTS.length];
    return {
      src: `/shop-images/${slug}.svg`,
      thumb: `/shop-images/${slug}-thumb.svg`,
      width: 800,
      height: 800,
    };
  });
}

/** The 40 reviews, newest first, `now` in seconds. @param {number} now */
export function demoReviews(now) {
  return Array.from({ length: 40 }, (_, i) => {
    const source = SOURCE[i];
    if (source) {
      const [author, lang, rating, text, age, media] = source;
      return { id: `demo-${i + 1}`, author, lang, rating, text, time: now - age, media: photos(i, media) };
    }
    const [lang, text] = FILLER[i % FILLER.length];
    return {
      id: `demo-${i + 1}`,
      author: `Customer ${i + 1}`,
      lang,
      rating: 3 + (i % 3),
      text,
      time: now - (i * 37 + 500) * DAY,
      media: i % 7 === 0 ? photos(i, 1) : [],
    };
  });
}

/** Answers the reviews endpoint; false for any other path. @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url */
export function handleReviews(req, res, url) {
  if (!url.pathname.startsWith(PREFIX)) return false;
  const send = (status, value) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(value));
  };
  if (url.pathname !== `${PREFIX}reviews` || (req.method !== 'GET' && req.method !== 'HEAD')) {
    send(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.' });
    return true;
  }
  const number = (name, fallback, max) => {
    const n = Number.parseInt(url.searchParams.get(name) ?? '', 10);
    return Number.isFinite(n) && n >= 0 ? Math.min(n, max) : fallback;
  };
  const all = demoReviews(Math.floor(Date.now() / 1000));
  const offset = number('offset', 0, all.length);
  const limit = Math.max(1, number('limit', 10, 50));
  const reviews = all.slice(offset, offset + limit);
  send(200, { reviews, more: offset + reviews.length < all.length, total: all.length });
  return true;
}
