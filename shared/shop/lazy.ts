import { lazyModule } from '../chunk-load.ts';
import type { AdapterFacade, ShopAdapter } from './types.ts';

/**
 * An adapter whose code is a lazy chunk of its own (issue 18: a classic shop never downloads the
 * Store API's or Shopify's code): the synchronous parts answer at once, every request first loads
 * the chunk (once; a failed load is retried by the next call).
 */
export function lazyAdapter(
  facade: AdapterFacade,
  load: () => Promise<ShopAdapter>,
  /** The adapter offers `findVariation` (known before its code loads: callers test for it). */
  { findsVariations = false }: { findsVariations?: boolean } = {},
): ShopAdapter {
  // Loaded once; a failed load is tried again by the next call.
  const adapter = lazyModule(load).load;
  const lazy: ShopAdapter = {
    ...facade,
    addToCart: async (fields, signal) => (await adapter()).addToCart(fields, signal),
    removeFromCart: async (key, signal) => (await adapter()).removeFromCart(key, signal),
    setQuantity: async (key, quantity, signal) => (await adapter()).setQuantity(key, quantity, signal),
    refreshCart: async (signal) => (await adapter()).refreshCart(signal),
    search: async (url, signal) => (await adapter()).search(url, signal),
    quickView: async (productId, signal) => (await adapter()).quickView(productId, signal),
  };
  if (findsVariations)
    lazy.findVariation = async (productId, chosen, signal) => {
      const loaded = await adapter();
      if (!loaded.findVariation) throw new Error('this shop adapter has no variation lookup');
      return loaded.findVariation(productId, chosen, signal);
    };
  return lazy;
}
