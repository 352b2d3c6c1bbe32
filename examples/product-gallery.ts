/**
 * The colour choice of the example page, standing in for the swatches or WooCommerce's
 * variation form: a colour publishes its variation (with its image) in `$product`, the way
 * `found_variation` does; "Clear" resets it (`reset_data`). `<product-gallery>` follows.
 */
import { setVariant } from '../shared/stores/product.ts';

const form = document.querySelector<HTMLFormElement>('form.variations_form');
form?.addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement;
  if (input.name !== 'attribute_pa_color' || !input.checked) return;
  const src = input.dataset.image ?? '';
  setVariant({
    variationId: `201-${input.value}`,
    attributes: { attribute_pa_color: input.value },
    image: { src, srcset: '', alt: `Hoodie, ${input.value}`, fullSrc: src },
  });
});
form?.addEventListener('reset', () => setVariant(null));
