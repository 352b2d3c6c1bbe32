// @ts-check
// The demo shop's catalog (issue 2 §6), modelled on WooCommerce's sample data. Every id is written
// out literally so tests can rely on it across runs. Handy ids for tests:
//   101  Beanie               simple, in stock, on sale ($20.00 -> $18.00)
//   104  Belt                 simple, in stock, regular price only ($55.00)
//   109  Sunglasses           simple, in stock, limited stock of 2
//   113  Vintage Cap          simple, out of stock
//   131  Album                simple, music, limited stock of 2
//   201  Hoodie               variable (color x size), variations 20101..20109
//          20101 = Blue / Small ($42.00), 20104 = Red / Small, 20109 = Green / Large (out of stock),
//          20105 = Red / Medium (limited stock of 2)
//   202  V-Neck T-Shirt       variable (color x size), variations 20201..20209
//   213  Apron                variable: a global attribute (Color: Denim, Rust; 21301, 21302) and a
//          custom one, "Gift wrap" (field attribute_gift-wrap, options Yes / No), "any" in both
//   214  Polo                 variable, every variation out of stock
// Prices are integer cents (USD); variations carry their own price, sku and stock.

/**
 * @typedef {{ slug: string, name: string, parent: string }} Category
 * @typedef {{ name: string, slug: string, options: string[], any?: boolean }} Attribute
 *   slug: a global attribute's taxonomy (`pa_color`), or a custom attribute's sanitized name
 *   (`gift-wrap` for "Gift wrap"); `any`: every variation takes any of its options ("any …").
 * @typedef {'instock' | 'outofstock'} StockStatus
 * @typedef {{
 *   id: number, parentId: number, name: string, sku: string,
 *   attributes: Record<string, string>, regularPrice: number, salePrice: number | null,
 *   stockStatus: StockStatus, stockQuantity: number | null,
 * }} Variation
 * @typedef {{
 *   id: number, type: 'simple' | 'variable', name: string, slug: string, sku: string,
 *   categories: string[], regularPrice: number, salePrice: number | null,
 *   stockStatus: StockStatus, stockQuantity: number | null,
 *   shortDescription: string, description: string,
 *   attributes: Attribute[], variations: Variation[],
 * }} Product
 */

/** @type {Category[]} */
export const categories = [
  { slug: 'clothing', name: 'Clothing', parent: '' },
  { slug: 'tshirts', name: 'T-shirts', parent: 'clothing' },
  { slug: 'hoodies', name: 'Hoodies', parent: 'clothing' },
  { slug: 'accessories', name: 'Accessories', parent: 'clothing' },
  { slug: 'bags', name: 'Bags', parent: '' },
  { slug: 'music', name: 'Music', parent: '' },
  { slug: 'posters', name: 'Posters', parent: '' },
  { slug: 'decor', name: 'Decor', parent: '' },
  { slug: 'kitchen', name: 'Kitchen', parent: '' },
];

/**
 * Simple products: [id, name, category, regular $, sale $ | null, stock (null = not managed,
 * 0 = out of stock, n = limited), short description].
 * @type {[number, string, string, number, number | null, number | null, string][]}
 */
const SIMPLE = [
  [101, 'Beanie', 'accessories', 20, 18, null, 'A warm rib-knit beanie in soft merino wool.'],
  [102, 'Beanie with Logo', 'accessories', 20, 18, null, 'Our classic beanie with an embroidered logo.'],
  [103, 'Cap', 'accessories', 18, 16, null, 'Six-panel cotton cap with an adjustable strap.'],
  [104, 'Belt', 'accessories', 65, null, null, 'Full-grain leather belt with a brushed steel buckle.'],
  [
    105,
    'Leather Wallet',
    'accessories',
    45,
    null,
    12,
    'Slim bifold wallet, hand-stitched in vegetable-tanned leather.',
  ],
  [106, 'Wool Scarf', 'accessories', 38, 30, null, 'Long herringbone scarf woven from lambswool.'],
  [107, 'Knit Gloves', 'accessories', 24, null, null, 'Touchscreen-friendly knit gloves for cold mornings.'],
  [108, 'Canvas Sneakers', 'accessories', 72, null, 8, 'Low-top canvas sneakers with a natural rubber sole.'],
  [109, 'Sunglasses', 'accessories', 90, null, 2, 'Polarised acetate sunglasses with full UV400 protection.'],
  [110, 'Aviator Sunglasses', 'accessories', 110, 95, null, 'Metal-frame aviators with gradient lenses.'],
  [111, 'Wristwatch', 'accessories', 149, null, 5, 'Minimal quartz watch with a sapphire-coated glass.'],
  [112, 'Silk Tie', 'accessories', 35, null, null, 'A pure silk tie in a quiet geometric pattern.'],
  [113, 'Vintage Cap', 'accessories', 22, null, 0, 'Washed cotton cap with a faded vintage print.'],
  [114, 'Socks Three-Pack', 'accessories', 15, 12, null, 'Three pairs of combed-cotton crew socks.'],
  [115, 'T-Shirt with Logo', 'tshirts', 18, null, null, 'A soft cotton tee with our logo on the chest.'],
  [116, 'Long Sleeve Tee', 'tshirts', 25, null, null, 'Heavyweight long sleeve tee for layering.'],
  [117, 'Striped Tee', 'tshirts', 22, 19, null, 'Breton-striped tee in organic cotton.'],
  [118, 'Pocket Tee', 'tshirts', 20, null, 0, 'Relaxed-fit tee with a chest pocket.'],
  [119, 'Hoodie with Logo', 'hoodies', 45, null, null, 'Brushed fleece hoodie with a printed logo.'],
  [120, 'Hoodie with Pocket', 'hoodies', 45, 35, null, 'Pullover hoodie with a roomy kangaroo pocket.'],
  [121, 'Hoodie with Zipper', 'hoodies', 45, null, 3, 'Full-zip hoodie with ribbed cuffs and hem.'],
  [122, 'Canvas Tote Bag', 'bags', 28, null, null, 'Sturdy cotton canvas tote for the daily shop.'],
  [123, 'Leather Backpack', 'bags', 189, 159, 4, 'Roll-top leather backpack with a padded laptop sleeve.'],
  [124, 'Weekender Duffel', 'bags', 129, null, null, 'Waxed canvas duffel sized for a long weekend.'],
  [125, 'Crossbody Bag', 'bags', 79, null, 0, 'Compact crossbody bag with an adjustable strap.'],
  [126, 'Laptop Sleeve', 'bags', 39, null, null, 'Felt laptop sleeve that fits most 13" and 14" laptops.'],
  [127, 'Single', 'music', 3, 2, null, 'A two-track single, digital download.'],
  [128, 'Vinyl Record: Night Drive', 'music', 24, null, null, 'Synthwave on 180 g vinyl, gatefold sleeve.'],
  [129, 'Vinyl Record: Morning Coffee', 'music', 24, 20, null, 'Slow acoustic songs for slow mornings.'],
  [130, 'Cassette: Summer Tapes', 'music', 9, null, 0, 'A limited cassette run of our summer mixtape.'],
  [131, 'Album', 'music', 15, null, 2, 'A full-length album, digital download with artwork.'],
  [132, 'Jazz Standards Box Set', 'music', 65, 55, null, 'Five discs of timeless jazz standards.'],
  [133, 'Headphones', 'music', 129, null, 6, 'Closed-back studio headphones with a detachable cable.'],
  [134, 'Poster: Mountain Sunrise', 'posters', 25, null, null, 'A3 giclée print on matte archival paper.'],
  [135, 'Poster: Ocean Waves', 'posters', 25, 19, null, 'A3 print of a calm, wide ocean.'],
  [136, 'Poster: City Lights', 'posters', 25, null, null, 'A3 print of a city skyline at dusk.'],
  [137, 'Poster: Botanical Study', 'posters', 30, null, 0, 'A2 botanical illustration print.'],
  [138, 'Poster: Retro Rocket', 'posters', 22, null, null, 'A playful mid-century rocket print.'],
  [139, 'Ceramic Vase', 'decor', 48, null, null, 'Hand-thrown stoneware vase with a speckled glaze.'],
  [140, 'Scented Candle', 'decor', 26, 22, null, 'Soy wax candle scented with cedar and fig.'],
  [141, 'Throw Pillow', 'decor', 34, null, null, 'Linen throw pillow with a feather insert.'],
  [142, 'Wall Clock', 'decor', 58, null, 1, 'Silent-sweep wall clock with an oak frame.'],
  [143, 'Table Lamp', 'decor', 85, 69, null, 'Brass table lamp with a linen shade.'],
  [144, 'Woven Basket', 'decor', 32, null, null, 'Seagrass basket for blankets, toys or plants.'],
  [145, 'Picture Frame', 'decor', 19, null, null, 'A3 oak picture frame with real glass.'],
  [146, 'Coffee Mug', 'kitchen', 14, null, null, 'Stoneware mug that holds a generous 350 ml.'],
  [147, 'Pour-Over Coffee Set', 'kitchen', 55, 45, null, 'Glass dripper, carafe and 100 filters.'],
  [148, 'Chef Knife', 'kitchen', 95, null, 3, 'A 20 cm chef knife forged from Damascus steel.'],
  [149, 'Cutting Board', 'kitchen', 42, null, null, 'End-grain walnut cutting board.'],
  [150, 'Cast Iron Skillet', 'kitchen', 49, null, 0, 'Pre-seasoned 26 cm cast iron skillet.'],
  [151, 'Tea Infuser', 'kitchen', 12, 9, null, 'Stainless steel infuser for loose-leaf tea.'],
  [152, 'Water Bottle', 'kitchen', 29, null, null, 'Insulated steel bottle, cold for 24 hours.'],
];

/** @type {Attribute} */
const COLORS = { name: 'Color', slug: 'pa_color', options: ['Blue', 'Red', 'Green'] };
/** @type {Attribute} */
const SIZES = { name: 'Size', slug: 'pa_size', options: ['Small', 'Medium', 'Large'] };
/**
 * Variable products: [id, name, category, base regular $, sale $ | null, attributes, short
 * description, variation overrides by index (1-based): { stock?, extra? (added $) }].
 */
const VARIABLE =
  /** @type {[number, string, string, number, number | null, Attribute[], string, Record<number, { stock?: number, extra?: number }>][]} */ ([
    [
      201,
      'Hoodie',
      'hoodies',
      45,
      42,
      [COLORS, SIZES],
      'Our best-selling fleece hoodie in three colours.',
      { 5: { stock: 2 }, 9: { stock: 0 }, 3: { extra: 3 }, 6: { extra: 3 } },
    ],
    [
      202,
      'V-Neck T-Shirt',
      'tshirts',
      20,
      null,
      [COLORS, SIZES],
      'A lightweight v-neck tee in soft slub cotton.',
      { 7: { stock: 0 } },
    ],
    [
      203,
      'Crew Neck Sweater',
      'clothing',
      68,
      null,
      [COLORS, SIZES],
      'Merino crew neck sweater, warm without bulk.',
      { 2: { stock: 1 } },
    ],
    [
      204,
      'Denim Jacket',
      'clothing',
      120,
      99,
      [{ name: 'Size', slug: 'pa_size', options: ['Small', 'Medium', 'Large', 'X-Large'] }],
      'A rigid denim jacket that softens with wear.',
      { 4: { extra: 10 } },
    ],
    [
      205,
      'Rain Jacket',
      'clothing',
      95,
      null,
      [{ name: 'Color', slug: 'pa_color', options: ['Yellow', 'Navy'] }, SIZES],
      'Waterproof rain jacket with taped seams.',
      { 1: { stock: 0 } },
    ],
    [
      206,
      'Chino Trousers',
      'clothing',
      75,
      null,
      [{ name: 'Waist', slug: 'pa_waist', options: ['30', '32', '34', '36'] }],
      'Slim chinos in a stretch cotton twill.',
      {},
    ],
    [
      207,
      'Baseball Cap',
      'accessories',
      22,
      null,
      [{ name: 'Color', slug: 'pa_color', options: ['Black', 'White', 'Olive'] }],
      'Structured cap with a curved brim.',
      { 3: { stock: 2 } },
    ],
    [208, 'Logo Collection Tee', 'tshirts', 22, 18, [COLORS], 'Our logo tee, now in three colours.', {}],
    [
      209,
      'Poster: Abstract Shapes',
      'posters',
      25,
      null,
      [{ name: 'Format', slug: 'pa_format', options: ['A3', 'A2', 'A1'] }],
      'Bold abstract shapes in a limited palette.',
      { 2: { extra: 10 }, 3: { extra: 25 } },
    ],
    [
      210,
      'Linen Bedding Set',
      'decor',
      160,
      140,
      [{ name: 'Size', slug: 'pa_size', options: ['Single', 'Double', 'King'] }],
      'Stonewashed linen duvet cover and pillowcases.',
      { 3: { extra: 40 } },
    ],
    [
      211,
      'Backpack',
      'bags',
      85,
      null,
      [{ name: 'Color', slug: 'pa_color', options: ['Black', 'Grey', 'Forest'] }],
      'A 20 l everyday backpack in recycled nylon.',
      {},
    ],
    [
      212,
      'Vinyl Record: Greatest Hits',
      'music',
      30,
      null,
      [{ name: 'Edition', slug: 'pa_edition', options: ['Black vinyl', 'Coloured vinyl'] }],
      'Twenty years of hits on two records.',
      { 2: { extra: 8, stock: 2 } },
    ],
    [
      213,
      'Apron',
      'kitchen',
      36,
      null,
      [
        { name: 'Color', slug: 'pa_color', options: ['Denim', 'Rust'] },
        { name: 'Gift wrap', slug: 'gift-wrap', options: ['Yes', 'No'], any: true },
      ],
      'A cross-back apron in heavy cotton canvas.',
      {},
    ],
    [
      214,
      'Polo',
      'tshirts',
      30,
      null,
      [COLORS],
      'A piqué polo shirt. Sold out for the season.',
      { 1: { stock: 0 }, 2: { stock: 0 }, 3: { stock: 0 } },
    ],
  ]);

const cents = (/** @type {number} */ dollars) => Math.round(dollars * 100);
const slugify = (/** @type {string} */ text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const skuOf = (/** @type {string} */ name) =>
  `woo-${slugify(name)
    .split('-')
    .filter((w) => w.length > 1)
    .slice(0, 3)
    .join('-')}`;

/** Whether an attribute is a global one (a `pa_` taxonomy) rather than the product's own. @param {Attribute} attribute */
export const isTaxonomy = (attribute) => attribute.slug.startsWith('pa_');

/**
 * The value a form posts and a variation stores for an option: a global attribute's term slug
 * (`blue`), a custom attribute's option text as entered (`Yes`).
 * @param {Attribute} attribute @param {string} option
 */
export const attributeValue = (attribute, option) => (isTaxonomy(attribute) ? slugify(option) : option);

/** @param {string} category */
function categoryPath(category) {
  const cat = categories.find((c) => c.slug === category);
  return cat?.parent ? [cat.parent, category] : [category];
}

/**
 * Every combination of the attributes' options, in declaration order.
 * @param {readonly Attribute[]} attributes
 * @returns {Record<string, string>[]}
 */
function combinations(attributes) {
  /** @type {Record<string, string>[]} */
  let combos = [{}];
  for (const attribute of attributes) {
    // An "any" attribute is stored empty: the shopper's choice is kept on the cart line.
    combos = attribute.any
      ? combos.map((combo) => ({ ...combo, [`attribute_${attribute.slug}`]: '' }))
      : combos.flatMap((combo) =>
          attribute.options.map((option) => ({
            ...combo,
            [`attribute_${attribute.slug}`]: attributeValue(attribute, option),
          })),
        );
  }
  return combos;
}

/** @type {Product[]} */
export const products = [
  ...SIMPLE.map(([id, name, category, regular, sale, stock, short]) => ({
    id,
    type: /** @type {const} */ ('simple'),
    name,
    slug: slugify(name),
    sku: skuOf(name),
    categories: categoryPath(category),
    regularPrice: cents(regular),
    salePrice: sale === null ? null : cents(sale),
    stockStatus: /** @type {StockStatus} */ (stock === 0 ? 'outofstock' : 'instock'),
    stockQuantity: stock,
    shortDescription: short,
    description: `${short} Designed in our studio and made to last, it is covered by our two-year guarantee.`,
    attributes: [],
    variations: [],
  })),
  ...VARIABLE.map(([id, name, category, regular, sale, attributes, short, overrides]) => {
    const sku = skuOf(name);
    const variations = combinations(attributes).map((attrs, i) => {
      /** @type {{ stock?: number, extra?: number }} */
      const o = /** @type {any} */ (overrides)[i + 1] ?? {};
      const extra = o.extra ?? 0;
      return {
        id: id * 100 + i + 1,
        parentId: id,
        name: `${name} - ${Object.keys(attrs)
          .filter((k) => attrs[k] !== '')
          .map((k) =>
            attributes.find((a) => `attribute_${a.slug}` === k)?.options.find((v) => slugify(v) === attrs[k]),
          )
          .join(', ')}`,
        sku: `${sku}-${Object.values(attrs).filter(Boolean).join('-')}`,
        attributes: attrs,
        regularPrice: cents(regular + extra),
        salePrice: sale === null ? null : cents(sale + extra),
        stockStatus: /** @type {StockStatus} */ (o.stock === 0 ? 'outofstock' : 'instock'),
        stockQuantity: o.stock ?? null,
      };
    });
    return {
      id,
      type: /** @type {const} */ ('variable'),
      name,
      slug: slugify(name),
      sku,
      categories: categoryPath(category),
      regularPrice: cents(regular),
      salePrice: sale === null ? null : cents(sale),
      stockStatus: /** @type {StockStatus} */ (
        variations.some((v) => v.stockStatus === 'instock') ? 'instock' : 'outofstock'
      ),
      stockQuantity: null,
      shortDescription: short,
      description: `${short} Choose your options above; each combination is priced and stocked on its own.`,
      attributes: attributes.map((a) => ({ ...a, options: [...a.options] })),
      variations,
    };
  }),
];

const byId = new Map(products.map((p) => [p.id, p]));
const bySlug = new Map(products.map((p) => [p.slug, p]));
/** @type {Map<number, Variation>} */
const variationsById = new Map(products.flatMap((p) => p.variations.map((v) => [v.id, v])));

/** @param {number} id */
export const productById = (id) => byId.get(id);
/** @param {string} slug */
export const productBySlug = (slug) => bySlug.get(slug);
/** @param {number} id */
export const variationById = (id) => variationsById.get(id);

/** The price a shopper pays, in cents. @param {{ regularPrice: number, salePrice: number | null }} p */
export const activePrice = (p) => p.salePrice ?? p.regularPrice;

/** @param {Product} product */
export const permalink = (product) => `/product/${product.slug}/`;

/** Image URL of a product; `size` thumb for lists, or a gallery index 2.. for extra views. */
export function imageUrl(
  /** @type {Product} */ product,
  /** @type {'full' | 'thumb' | number} */ size = 'full',
) {
  if (size === 'thumb') return `/shop-images/${product.slug}-thumb.svg`;
  if (typeof size === 'number' && size > 1) return `/shop-images/${product.slug}-${size}.svg`;
  return `/shop-images/${product.slug}.svg`;
}

/** Label of an attribute option value (slug) for display. @param {Product} product @param {string} key @param {string} value */
export function attributeLabel(product, key, value) {
  const attribute = product.attributes.find((a) => `attribute_${a.slug}` === key);
  return {
    name: attribute?.name ?? key.replace(/^attribute_(pa_)?/, ''),
    value: attribute?.options.find((o) => attributeValue(attribute, o) === value) ?? value,
  };
}

export { slugify };
