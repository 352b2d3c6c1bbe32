/** Column size classes by container width (spec §9 "Column size classes"). */
export type SizeClass = 'xs' | 'x' | 's' | 'm' | 'l' | 'xl';

/** The size class of a container `width` px wide: under 510 xs, 750 x, 1100 s, 1450 m, 1800 l, else xl. */
export function sizeClassOf(width: number): SizeClass {
  if (width < 510) return 'xs';
  if (width < 750) return 'x';
  if (width < 1100) return 's';
  if (width < 1450) return 'm';
  if (width < 1800) return 'l';
  return 'xl';
}

/** Columns per size class when no breakpoints are set. */
const COLUMNS: Record<SizeClass, number> = { xs: 1, x: 2, s: 3, m: 4, l: 5, xl: 6 };

/** Parses `width:columns` pairs ("0:1, 600:2"), sorted by width; bad pairs are skipped. */
export function parseBreakpoints(text: string): [width: number, columns: number][] {
  return text
    .split(',')
    .map((pair) => pair.split(':').map((n) => Number(n.trim())))
    .filter(
      (pair): pair is [number, number] =>
        pair.length === 2 && pair.every(Number.isFinite) && pair[0] >= 0 && pair[1] >= 1,
    )
    .sort((a, b) => a[0] - b[0]);
}

/**
 * Columns for a container `width` px wide: the pair with the largest width not above it (the
 * smallest pair below every width), or the size class's count without breakpoints.
 */
export function columnsFor(width: number, breakpoints: string): number {
  const pairs = parseBreakpoints(breakpoints);
  if (pairs.length === 0) return COLUMNS[sizeClassOf(width)];
  let columns = pairs[0][1];
  for (const [min, count] of pairs) if (width >= min) columns = count;
  return Math.min(12, columns);
}

/**
 * The slider's dots for `count` cards, `columns` in view, the first at `index`: the card each dot
 * shows (one per view, or one per card with `perCard`, spec §3 swipe_per_dot), and the current one.
 */
export function dotsOf(
  count: number,
  columns: number,
  index: number,
  perCard: boolean,
): { targets: number[]; current: number } {
  const max = Math.max(0, count - columns);
  const targets: number[] = [];
  if (perCard) for (let i = 0; i <= max; i++) targets.push(i);
  else for (let i = 0; i < count; i += columns) targets.push(Math.min(i, max));
  const unique = [...new Set(targets)];
  let current = 0;
  unique.forEach((target, i) => {
    if (target <= index) current = i;
  });
  return { targets: unique, current };
}
