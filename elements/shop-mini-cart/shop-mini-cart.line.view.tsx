import { useEffect, useId, useRef, useState } from 'react';
import { fill } from '../../shared/format/messages.ts';
import { raiseToMin, stepQuantity } from '../../shared/quantity.ts';
import { SanitizedHtml } from '../../shared/sanitized-html.tsx';
import type { CartLine } from '../../shared/shop/cart-types.ts';
import type { MiniCartMessages } from './shop-mini-cart.settings.ts';

interface LineProps {
  line: CartLine;
  messages: MiniCartMessages;
  quantities: boolean;
  pending: boolean;
  onRemove(line: CartLine): void;
  onQuantity(line: CartLine, quantity: number): void;
}

/** One cart line; blocked while its request runs (spec §4 Mini-cart). */
export function Line({ line, messages, quantities, pending, onRemove, onQuantity }: LineProps) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(String(line.quantity));
  const [invalid, setInvalid] = useState('');
  const errorId = useId();
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);
  const { min, max, step } = line.limits;
  // Lines of one product (a variation's parent title) are told apart by their details, in the
  // buttons' names too ("Remove Hoodie, Red, Small").
  const details = line.details ?? [];
  const name = [line.name, ...details.map((d) => d.value)].join(', ');

  // spec §5: sent only if the browser validity check passes; otherwise its message shows.
  const commit = (next: number) => {
    const el = input.current;
    if (!el) return;
    el.value = String(next);
    setValue(el.value);
    if (!el.checkValidity()) {
      setInvalid(el.validationMessage);
      el.reportValidity();
      return;
    }
    setInvalid('');
    if (next !== line.quantity) onQuantity(line, next);
  };

  return (
    <li className="line" part="line" aria-busy={pending}>
      {line.image?.src ? <img src={line.image.src} alt="" part="line-image" /> : <span />}
      <div className="label">
        <a className="name" href={line.url} part="line-name">
          {line.name}
        </a>
        {details.length > 0 && (
          <dl className="details" part="line-details">
            {details.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: details are listed anew with each cart
              <div key={i}>
                <dt>{d.name}:</dt> <dd>{d.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <button
        type="button"
        className="remove"
        part="remove-button"
        aria-label={fill(messages.remove, { name })}
        disabled={pending}
        onClick={() => onRemove(line)}
      >
        ×
      </button>
      {quantities ? (
        <div className="qty" part="quantity">
          <button
            type="button"
            aria-label={fill(messages.decrease, { name })}
            disabled={pending}
            onClick={() => commit(stepQuantity(Number(value), -1, line.limits))}
          >
            −
          </button>
          <input
            ref={input}
            type="number"
            inputMode="decimal"
            min={min}
            max={max ?? undefined}
            step={step}
            value={value}
            disabled={pending}
            aria-label={fill(messages.quantity, { name })}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => value !== String(line.quantity) && commit(raiseToMin(Number(value), min))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit(raiseToMin(Number(value), min));
              }
            }}
          />
          <button
            type="button"
            aria-label={fill(messages.increase, { name })}
            disabled={pending}
            onClick={() => commit(stepQuantity(Number(value), 1, line.limits))}
          >
            +
          </button>
          {line.priceHtml ? (
            <span className="price">
              × <SanitizedHtml html={line.priceHtml} price />
            </span>
          ) : (
            line.totalHtml && (
              <span className="price">
                <SanitizedHtml html={line.totalHtml} price />
              </span>
            )
          )}
        </div>
      ) : (
        <span className="price" part="line-price">
          {line.priceHtml ? (
            <>
              {line.quantity} × <SanitizedHtml html={line.priceHtml} price />
            </>
          ) : (
            // A shop without a unit price per line (Flatsome's quantity markup): the quantity, and
            // the line's total when the shop shows one.
            <>
              {fill(messages.lineQuantity, { quantity: line.quantity })}
              {line.totalHtml && (
                <>
                  {' '}
                  <SanitizedHtml html={line.totalHtml} price />
                </>
              )}
            </>
          )}
        </span>
      )}
      {invalid && (
        <p className="qty-error" id={errorId} part="quantity-error">
          {invalid}
        </p>
      )}
    </li>
  );
}
