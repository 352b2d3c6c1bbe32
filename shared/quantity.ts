/**
 * Quantity input rules (spec §5 Quantity inputs): plus/minus respect min (default 0), max and
 * step (default 1), decimals follow the step; outside the cart a value below min is raised to min.
 */
export interface QuantityLimits {
  min: number;
  max: number | null;
  step: number;
}

const decimalsOf = (n: number) => {
  const text = String(n);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.includes('.') ? text.split('.')[1].length : 0;
};

/** Rounds to the step's number of decimals (so 0.1 + 0.2 shows as 0.3). */
export function roundToStep(value: number, step: number): number {
  const decimals = decimalsOf(step);
  return Number(value.toFixed(decimals));
}

/** The value after pressing plus (+1) or minus (-1). */
export function stepQuantity(
  value: number,
  direction: 1 | -1,
  { min = 0, max = null, step = 1 }: Partial<QuantityLimits>,
): number {
  const s = step > 0 ? step : 1;
  const current = Number.isFinite(value) ? value : min;
  let next = roundToStep(current + direction * s, s);
  if (next < min) next = min;
  if (max !== null && max !== undefined && max > 0 && next > max) next = max;
  return next;
}

/** Outside the cart a value below min is raised to min. */
export function raiseToMin(value: number, min = 0): number {
  return Number.isFinite(value) && value >= min ? value : min;
}
