import type { PriceSummary } from './engine/types.ts';
import type { OptionFormMessages } from './shop-option-form.settings.ts';

/**
 * The price summary (spec §2, §9): options total, fee, discount, product price, total and the
 * suffix with its tax placeholders, in the shop's money format. Zero lines are left out when the
 * money format hides zero prices (the engine formats them as ''); fee and discount only when set.
 * While formula prices are `pending` (the formula chunk is loading) the total says so.
 */
export function Summary({
  summary,
  messages,
  pending = false,
}: {
  summary: PriceSummary;
  messages: OptionFormMessages;
  pending?: boolean;
}) {
  const { formatted } = summary;
  const rows: Array<[string, string, string]> = [
    ['options-total', messages.optionsTotal, formatted.optionsTotal],
    ['fee', messages.fee, summary.fee ? formatted.fee : ''],
    ['discount', messages.discount, summary.discount ? `−${formatted.discount}` : ''],
    ['product-price', messages.productPrice, formatted.productPrice],
  ];
  return (
    <dl className="summary" part="summary">
      {rows
        .filter(([, , value]) => value !== '')
        .map(([key, label, value]) => (
          <div key={key} className={`summary-row summary-row--${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      <div className="summary-row summary-row--total" part="summary-total">
        <dt>{messages.total}</dt>
        <dd>
          {pending ? messages.pricesPending : formatted.total}
          {!pending && summary.suffix && <span className="suffix"> {summary.suffix}</span>}
        </dd>
      </div>
    </dl>
  );
}
