import { type Clock, pageClock } from './clock.ts';

/**
 * The spam tracker (spec §7 "The spam tracker adds hidden fields to post forms on submit", §9): on
 * submit of a post form it adds the `ak_` hidden fields the shop's spam filter (Akismet) reads. The
 * option form loads it as a lazy chunk and posts them with its submit (its `addon`); the review,
 * comment and checkout forms get them from the spam-tracker page behaviour
 * (shared/page/spam-tracker.ts). Only counts and timings are kept,
 * never what was typed, and only while the form is on the page (`stop()` removes every listener);
 * nothing is sent anywhere but with the form itself.
 *
 * | field      | what                                                                           |
 * | ---------- | ------------------------------------------------------------------------------ |
 * | `ak_bib`   | when input began: ms timestamp of the first key pressed in the form ('' if none) |
 * | `ak_bfs`   | when the form was submitted (ms timestamp)                                      |
 * | `ak_bkpc`  | how many keys were pressed in the form's text fields                            |
 * | `ak_bkp`   | keypresses `held,gap;` (ms held down; ms since the previous key, when there was one) |
 * | `ak_bmc`   | mouse clicks `held,gap;` on the page                                            |
 * | `ak_bmcc`  | how many mouse clicks                                                           |
 * | `ak_bmk`   | modifier keys (Shift, CapsLock): the keypress index they came after, `;`-joined |
 * | `ak_bck`   | correction keys (Backspace, Delete, arrows, Home, End, PageUp/Down): same       |
 * | `ak_bmmc`  | how many mouse moves (a move: pointer activity until 500 ms of rest)            |
 * | `ak_btmc`  | how many touch moves (grouped at 500 ms)                                        |
 * | `ak_bsc`   | how many scrolls (grouped at 500 ms)                                            |
 * | `ak_bte`   | touches `held,gap;`                                                             |
 * | `ak_btec`  | how many touches                                                                |
 * | `ak_bmm`   | mouse moves `duration,distance;` (ms, px)                                       |
 *
 * The four `held,gap` lists send at most 100 entries each (a random run of consecutive entries when
 * there are more); the counts are the full counts.
 */

/** spec §9: up to 100 entries per array. */
export const SPAM_ENTRY_LIMIT = 100;
/** spec §9: mouse-move and scroll (and touch-move) events are grouped at 500 ms. */
export const SPAM_GROUP_MS = 500;
/** Entries kept in memory per list (the most recent); counts stay exact. */
const KEEP = 1000;

const CORRECTION_KEYS = new Set([
  'Backspace',
  'Delete',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);
const MODIFIER_KEYS = new Set(['Shift', 'CapsLock']);

type Entry = [number] | [number, number];

export interface SpamTrackerOptions {
  form: HTMLFormElement;
  /** Where page-wide mouse, touch and scroll events are heard (default: the form's document). */
  document?: Document;
  /** The time (`clock.now()`: when input began, when the form was submitted) and the timers. */
  clock?: Clock;
  /** Picks the sent run of entries (default `Math.random`). */
  random?(): number;
}

/** What the tracker adds to a submit (the option form's submit add-on shape). */
export interface SpamAddon {
  ready(): true;
  /** The `ak_` name/value pairs for this submit; none for a form that does not post to this site. */
  pairs(): Array<[string, string]>;
}

/** The tracker: its submit add-on and the function that stops collecting. */
export interface SpamTracker {
  addon: SpamAddon;
  stop(): void;
}

/** A list with its full count and the most recent {@link KEEP} entries. */
class Series<T = Entry> {
  entries: T[] = [];
  count = 0;
  push(entry: T) {
    this.count += 1;
    if (this.entries.push(entry) > KEEP) this.entries.shift();
  }
}

/** At most `limit` consecutive items from a random start (spec §9 "up to 100 entries per array"). */
export function sampleRun<T>(items: readonly T[], random: () => number, limit = SPAM_ENTRY_LIMIT): T[] {
  const start = items.length > limit ? Math.floor(random() * (items.length - limit + 1)) : 0;
  return items.slice(start, start + limit);
}

/** A sampled list of timings as `a,b;a;…`. */
export function sampleEntries(entries: readonly Entry[], random: () => number): string {
  return sampleRun(entries, random)
    .map((e) => `${e.join(',')};`)
    .join('');
}

/** Whether the form posts to this site (a form posting elsewhere, e.g. a payment form, is left alone). */
export function isTrackedForm(form: HTMLFormElement): boolean {
  if (form.method !== 'post') return false; // the IDL attribute is lowercase
  const action = form.getAttribute('action');
  if (!action || !/^https?:\/\//i.test(action)) return true;
  try {
    return new URL(action).hostname === new URL(form.ownerDocument.baseURI).hostname;
  } catch {
    return false;
  }
}

/** Adds a listener that the tracker's stop removes. */
type Listen = <E extends Event>(target: EventTarget, type: string, fn: (event: E) => void) => void;

/**
 * Keypresses in the form's text fields: each one's `held,gap` into `keypresses` and the modifier and
 * correction keys' places into their lists; `began` hears every keydown. Returns what forgets the
 * last keys (focus moved, or the mouse was used: the next gap is not measured).
 */
function trackKeys(
  form: HTMLFormElement,
  listen: Listen,
  now: () => number,
  began: (at: number) => void,
  keypresses: Series,
  modifiers: Series<number>,
  corrections: Series<number>,
): () => void {
  let keysDown: Record<string, number[]> = {};
  let lastKeydown = 0;
  let lastKeyup = 0;
  const forget = () => {
    lastKeydown = 0;
    lastKeyup = 0;
    keysDown = {};
  };
  listen<KeyboardEvent>(form, 'keydown', (e) => {
    if (e.key in keysDown) return; // a held key repeats
    const at = now();
    keysDown[e.key] = [at];
    began(at);
    // The gap since the previous key (up or down), unless focus moved or the mouse was used since.
    const last = Math.max(lastKeydown, lastKeyup);
    if (last) keysDown[e.key].push(at - last);
    lastKeydown = at;
  });
  listen<KeyboardEvent>(form, 'keyup', (e) => {
    const down = keysDown[e.key];
    if (!down) return;
    const at = now();
    // Fields of the option form are in its shadow root: the event is retargeted to the host.
    const target = e.composedPath()[0] as Element | undefined;
    if (target?.localName === 'input' || target?.localName === 'textarea') {
      if (MODIFIER_KEYS.has(e.key)) modifiers.push(keypresses.count - 1);
      else if (CORRECTION_KEYS.has(e.key)) corrections.push(keypresses.count - 1);
      else keypresses.push(down.length > 1 ? [at - down[0], down[1]] : [at - down[0]]);
    }
    delete keysDown[e.key];
    lastKeyup = at;
  });
  listen(form, 'focusin', forget);
  listen(form, 'focusout', forget);
  return forget;
}

/**
 * Presses on the page (mouse clicks: `mousedown`/`mouseup`; touches: `touchstart`/`touchend`):
 * each one's `held,gap` into `series`, then `ended` (a press forgets the last keys).
 */
function trackPresses(
  target: EventTarget,
  listen: Listen,
  now: () => number,
  start: string,
  end: string,
  series: Series,
  ended: () => void,
): void {
  let lastStart = 0;
  let lastEnd = 0;
  listen(target, start, () => {
    lastStart = now();
  });
  listen(target, end, () => {
    if (!lastStart) return;
    const at = now();
    series.push(lastEnd ? [at - lastStart, lastStart - lastEnd] : [at - lastStart]);
    lastEnd = at;
    ended();
  });
}

/** Starts collecting for `form` (spec §7); the add-on posts the `ak_` fields with each submit. */
export function trackSpam(options: SpamTrackerOptions): SpamTracker {
  const { form } = options;
  const doc = options.document ?? form.ownerDocument;
  const clock = options.clock ?? pageClock;
  const now = () => clock.now();
  const random = options.random ?? Math.random;

  let inputBegin = 0;
  const keypresses = new Series();
  const modifiers = new Series<number>();
  const corrections = new Series<number>();
  const clicks = new Series();
  let moveTimer: unknown;
  let moveStart: { at: number; x: number; y: number } | null = null;
  const moves = new Series();
  let touchMoveTimer: unknown;
  let touchMoves = 0;
  const touches = new Series();
  let scrollTimer: unknown;
  let scrolls = 0;

  const listening = new AbortController();
  const listen: Listen = (target, type, fn) =>
    target.addEventListener(type, fn as EventListener, { passive: true, signal: listening.signal });
  const forgetKeys = trackKeys(
    form,
    listen,
    now,
    (at) => {
      inputBegin ||= at;
    },
    keypresses,
    modifiers,
    corrections,
  );
  trackPresses(doc, listen, now, 'mousedown', 'mouseup', clicks, forgetKeys);
  trackPresses(doc, listen, now, 'touchstart', 'touchend', touches, forgetKeys);

  listen<MouseEvent>(doc, 'mousemove', (e) => {
    if (!moveStart) moveStart = { at: now(), x: e.clientX, y: e.clientY };
    const start = moveStart;
    clock.clearTimeout(moveTimer);
    moveTimer = clock.setTimeout(() => {
      // A move ends after 500 ms of rest; its duration leaves that rest out.
      const distance = Math.round(Math.hypot(e.clientX - start.x, e.clientY - start.y));
      if (distance > 0) moves.push([now() - SPAM_GROUP_MS - start.at, distance]);
      moveStart = null;
    }, SPAM_GROUP_MS);
  });
  listen(doc, 'touchmove', () => {
    clock.clearTimeout(touchMoveTimer);
    touchMoveTimer = clock.setTimeout(() => {
      touchMoves += 1;
    }, SPAM_GROUP_MS);
  });
  listen(doc, 'scroll', () => {
    clock.clearTimeout(scrollTimer);
    scrollTimer = clock.setTimeout(() => {
      scrolls += 1;
    }, SPAM_GROUP_MS);
  });

  const addon: SpamAddon = {
    ready: () => true,
    pairs() {
      if (!isTrackedForm(form)) return [];
      const fields: Array<[string, string | number]> = [
        ['bib', inputBegin || ''],
        ['bfs', now()],
        ['bkpc', keypresses.count],
        ['bkp', sampleEntries(keypresses.entries, random)],
        ['bmc', sampleEntries(clicks.entries, random)],
        ['bmcc', clicks.count],
        ['bmk', sampleRun(modifiers.entries, random).join(';')],
        ['bck', sampleRun(corrections.entries, random).join(';')],
        ['bmmc', moves.count],
        ['btmc', touchMoves],
        ['bsc', scrolls],
        ['bte', sampleEntries(touches.entries, random)],
        ['btec', touches.count],
        ['bmm', sampleEntries(moves.entries, random)],
      ];
      return fields.map(([name, value]) => [`ak_${name}`, String(value)]);
    },
  };
  return {
    addon,
    stop() {
      listening.abort();
      clock.clearTimeout(moveTimer);
      clock.clearTimeout(touchMoveTimer);
      clock.clearTimeout(scrollTimer);
    },
  };
}
