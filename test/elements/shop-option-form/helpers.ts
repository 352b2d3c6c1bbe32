import { createFormEngine, type EngineOptions } from '../../../elements/shop-option-form/engine/index.ts';

/** A definition with one section holding each given field in its own row. */
export function oneSection(
  fields: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
  settings: Record<string, unknown> = {},
) {
  return { sections: [{ extra: { key: 'sec_1', ...extra }, fields: fields.map((f) => [f]) }], settings };
}

/** An engine over one section, with a fixed clock (2024-03-15, a Friday). */
export function engineOf(
  fields: Array<Record<string, unknown>>,
  {
    product = {},
    config = {},
    extra = {},
    settings = {},
    options = {},
  }: {
    product?: Record<string, unknown>;
    config?: Record<string, unknown>;
    extra?: Record<string, unknown>;
    settings?: Record<string, unknown>;
    options?: EngineOptions;
  } = {},
) {
  return createFormEngine(
    oneSection(fields, extra, settings),
    { product_price: 10, quantity: 1, ...product },
    config,
    {
      now: () => new Date(2024, 2, 15, 12, 0, 0),
      ...options,
    },
  );
}
