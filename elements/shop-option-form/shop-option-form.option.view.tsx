import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { formatMoney } from '../../shared/format/money.ts';
import { $moneyFormat } from '../../shared/stores/page-config.ts';
import { safeUrl } from '../../shared/url.ts';
import { OTHER_MARKER } from './engine/logic.ts';
import type { OptionValue } from './engine/schema.ts';
import { OptionImage } from './extras/image-popup.option.tsx';
import type { FieldViewProps } from './shop-option-form.registry.ts';

/**
 * The parts every choice field shares (spec §2 "Option forms", §3 "Option values"): an option's
 * text (swatch, image, label, price, stock), the 'other' option's text box and the quantity of a
 * chosen option. Groups, radios and selects are built from them.
 */

/** The value of the 'other' option in a native control (its posted value carries WCPA's marker). */
export const OTHER = '__other__';

/** The selected values of a choice field. */
export function picks(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
/** The 'other' pick (`WCPAOTH <text>`), if chosen. */
export const otherPick = (values: readonly string[]) => values.find((v) => v.startsWith(OTHER_MARKER));

/**
 * A colour option's swatch with the light-colour classes (spec §9 luma), or a colour field's text
 * box with its swatch: the colour chunk.
 */
export const ColorPart = lazy(() => import('./shop-option-form.color.view.tsx'));

/** A CSS colour the browser accepts, else null (option colours come from settings). */
export function cssColor(value: string | undefined): string | null {
  return value && typeof CSS !== 'undefined' && CSS.supports('color', value) ? value : null;
}

/** The options of a field, groups flattened (`options` nests an option group). */
export const flatValues = (values: readonly OptionValue[]): OptionValue[] =>
  values.flatMap((o) => (o.options?.length ? o.options.flatMap((x) => x.options ?? [x]) : [o]));

/** Flattens nested option groups, keeping each group's label for a heading. */
export function optionGroups(
  values: readonly OptionValue[],
): Array<{ label: string; options: OptionValue[] }> {
  const out: Array<{ label: string; options: OptionValue[] }> = [{ label: '', options: [] }];
  for (const v of values)
    if (v.options?.length)
      out.push({ label: v.label, options: v.options.flatMap((o) => (o.options ? o.options : [o])) });
    else out[0].options.push(v);
  return out.filter((g) => g.options.length);
}

/**
 * The option's price as text, when the field is priced per option, as `option_price_format` says
 * (spec §3 pricing): unset `(+$5.00)` (`(-$5.00)` for a reduction), `plain` `$5.00`, `hide`
 * nothing, or a text holding `{price}` (the signed amount: `+ {price}`).
 */
function usePriceText(props: FieldViewProps, option: OptionValue): string {
  const format = useStore($moneyFormat);
  const { def } = props;
  const raw = def.priceOptions === 'different_for_all' ? option.price : def.price;
  const n = Number(raw);
  const shape = def.option_price_format ?? '';
  if (!def.enablePrice || raw === undefined || raw === '' || !n || !Number.isFinite(n) || shape === 'hide')
    return '';
  return (
    shape === 'plain' ? '{price}' : shape.includes('{price}') ? shape : n > 0 ? '(+{price})' : '({price})'
  ).replaceAll('{price}', formatMoney(n, format));
}

/** An option's swatch or image, label, price and stock note (rendered as text). */
export function OptionText(props: FieldViewProps & { option: OptionValue }) {
  const { option, def, messages } = props;
  const price = usePriceText(props, option);
  const color = def.type === 'color-group' ? cssColor(option.color ?? option.value) : null;
  const src =
    def.type === 'image-group'
      ? (option.thumb_src ?? option.image)
      : def.type === 'productGroup'
        ? option.productImage
        : undefined;
  const image = src ? safeUrl(src, document.baseURI) : null;
  return (
    <>
      {color && (
        <Suspense
          fallback={
            <span className="swatch" part="swatch" style={{ backgroundColor: color }} aria-hidden="true" />
          }
        >
          <ColorPart color={color} />
        </Suspense>
      )}
      {image && <OptionImage def={def} option={option} src={image} />}
      <span className="option-label">{option.label}</span>
      {price && <span className="option-price">{price}</span>}
      {option.stock_status === 'outofstock' && <span className="option-stock">({messages.outOfStock})</span>}
    </>
  );
}

/** The text box of the 'other' option (spec §5: its value carries WCPA's marker). */
export function OtherText(props: FieldViewProps & { values: string[]; single: boolean }) {
  const current = otherPick(props.values);
  if (current === undefined) return null;
  const others = props.values.filter((v) => v !== current);
  return (
    <input
      className="input other-text"
      part="input"
      aria-label={props.def.other_text || props.messages.otherText}
      value={current.slice(OTHER_MARKER.length)}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      onChange={(e) =>
        props.onValue(
          props.single
            ? [OTHER_MARKER + e.currentTarget.value]
            : [...others, OTHER_MARKER + e.currentTarget.value],
        )
      }
      onBlur={props.onBlur}
    />
  );
}

/** Quantity per selected option (spec §3 enable_quantity: min/max/step/decimals). */
export function OptionQuantity(props: FieldViewProps & { option: OptionValue }) {
  const { def, field, option } = props;
  const q = typeof field.quantity === 'object' && field.quantity ? field.quantity[option.value] : undefined;
  return (
    <input
      type="number"
      className="input quantity"
      part="quantity"
      aria-label={`${def.quantity_label || props.messages.quantity}: ${option.label}`}
      value={q ?? def.min_quantity ?? 1}
      min={def.min_quantity ?? 1}
      max={def.max_quantity}
      step={def.quantity_step ?? (def.quantity_decimal ? 'any' : 1)}
      disabled={props.disabled}
      onChange={(e) => {
        const n = Number(e.currentTarget.value);
        if (Number.isFinite(n))
          props.onQuantity({
            ...(typeof field.quantity === 'object' ? field.quantity : {}),
            // Whole numbers unless `quantity_decimal` allows decimals (spec §3 quantity).
            [option.value]: def.quantity_decimal ? n : Math.round(n),
          });
      }}
    />
  );
}
