import * as z from 'zod/mini';
import { logError } from '../log.ts';
import { adoptStyles } from '../style-sheets.ts';
import { safeUrl } from '../url.ts';
import { type BehaviourOptions, documentOf } from './behaviour.ts';
import { type BehaviourContext, definePageBehaviour } from './define-behaviour.ts';
import type { LottieAnimation, LottieHandle, LottiePlayer } from './lottie-animation.ts';
import { LOTTIE_TEXTS, wireLottie } from './lottie-triggers.ts';

/** Flatsome's lottie element prints `<lottie-player class="ux-lottie__player" data-params>` (lottie.ts). */
export const LOTTIE_SELECTOR =
  '.lottie, [data-lottie], lottie-player[data-params], .ux-lottie__player[data-params]';

/**
 * Lottie animations (issue 17; spec §2 Other "lottie animations", §7 Other: the lottie chunk is
 * loaded only where the markup is; §4/§9 Theme: none under reduced motion). Two markups:
 *
 * - Flatsome's lottie element (`[ux_lottie]`): `<div class="ux-lottie"><lottie-player
 *   class="ux-lottie__player" data-params='{"src":…,"loop":true,"autoplay":true,"controls":false,
 *   "speed":"1","direction":1,"trigger":"","mouseout":"","start":0,"end":100,
 *   "scrollActionType":"seek","visibilityStart":0,"visibilityEnd":100,"id":…}'></lottie-player></div>`
 *   (left alone when the page defines `<lottie-player>` itself);
 * - data attributes: `<div class="lottie" data-lottie="/anim.json" data-loop="true" data-autoplay="true"
 *   data-poster="/anim.png" data-trigger="hover" aria-label="…">` (`data-src` as well as
 *   `data-lottie`; the other fields as `data-speed`, `data-direction`, `data-mouseout`, `data-start`,
 *   `data-end`, `data-scroll-action`, `data-visibility-start`, `data-visibility-end`, `data-controls`).
 *
 * The player (lottie-web's light build, `lottie-player.ts`) is a lazy chunk imported only when
 * such markup is on the page and motion is allowed. Under `prefers-reduced-motion` the player is
 * never loaded and the poster is shown (`data-lottie-state="poster"`): `data-poster` or a child
 * `<img>`; when it turns on later, playing animations stop on their first frame. A failed player or
 * animation file is one console.error and the poster. Triggers are in `lottie-triggers.ts`.
 * Bad `data-params` fields are reported once per element, naming the field; their defaults are used.
 */

export interface LottieOptions extends BehaviourOptions {
  /** Loads the player; by default lottie-web's light build, a lazy chunk. Tests pass a fake. */
  loadPlayer?: () => Promise<LottiePlayer>;
  /** The reduced-motion query, watched for changes (tests); the page's by default. */
  motionQuery?: Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;
}

/** The default player: its own lazy chunk. */
export const loadLottiePlayer = (): Promise<LottiePlayer> =>
  import('./lottie-player.ts').then((m) => m.playLottie);

const FLAGS = ['true', 'false', '1', '0', ''] as const;
const flag = (fallback: boolean) =>
  z._default(
    z.pipe(
      z.union([z.boolean(), z.enum(FLAGS)], { error: 'must be true or false' }),
      z.transform((v) => (v === '' ? fallback : v === true || v === 'true' || v === '1')),
    ),
    fallback,
  );
const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
const number = (min: number, max: number, fallback: number) => {
  const error = `must be a number from ${min} to ${max}`;
  return z._default(
    z.pipe(
      z.pipe(z.union([z.number(), z.string().check(z.regex(NUMERIC))], { error }), z.transform(Number)),
      z.number().check(z.gte(min, { error }), z.lte(max, { error })),
    ),
    fallback,
  );
};
const choice = <T extends string>(values: readonly T[], fallback: T) =>
  z._default(
    z.enum(values as [T, ...T[]], { error: `must be one of ${values.map((v) => `"${v}"`).join(', ')}` }),
    fallback,
  );

/** Flatsome's `data-params` (and the data attributes, read into the same shape). */
const paramsSchema = z.object({
  src: z.string({ error: 'must be the URL of the animation JSON' }),
  loop: flag(true),
  autoplay: flag(true),
  controls: flag(false),
  speed: number(0.1, 10, 1),
  direction: z._default(
    z.pipe(
      z.union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], { error: 'must be 1 or -1' }),
      z.transform((v) => (Number(v) === -1 ? -1 : 1) as 1 | -1),
    ),
    1,
  ),
  trigger: choice(['', 'none', 'hover', 'click', 'scroll', 'visibility', 'view'], ''),
  mouseout: choice(['', 'none', 'stop', 'pause', 'reverse'], ''),
  start: number(0, 100, 0),
  end: number(0, 100, 100),
  scrollActionType: choice(['seek', 'play'], 'seek'),
  visibilityStart: number(0, 100, 0),
  visibilityEnd: number(0, 100, 100),
});
const DEFAULTS = paramsSchema.parse({ src: '' });

/** How an element is named in messages: `<lottie-player id="…">`. */
function describe(el: Element): string {
  const id = el.id || el.closest('[id]')?.id;
  return `<${el.localName}${id ? ` id="${id}"` : ''}>`;
}

/** The raw fields an element's markup gives, before checking. */
function rawParams(el: HTMLElement): Record<string, unknown> | string {
  if (el.hasAttribute('data-params')) {
    try {
      const parsed: unknown = JSON.parse(el.dataset.params ?? '');
      return typeof parsed === 'object' && parsed !== null
        ? (parsed as Record<string, unknown>)
        : 'is not a JSON object';
    } catch {
      return 'is not valid JSON';
    }
  }
  const d = el.dataset;
  const raw: Record<string, unknown> = {
    src: d.lottie || d.src,
    loop: d.loop,
    autoplay: d.autoplay,
    controls: d.controls,
    speed: d.speed,
    direction: d.direction,
    trigger: d.trigger,
    mouseout: d.mouseout,
    start: d.start,
    end: d.end,
    scrollActionType: d.scrollAction,
    visibilityStart: d.visibilityStart,
    visibilityEnd: d.visibilityEnd,
  };
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  return raw;
}

/**
 * Reads an element's animation; every bad field is named in one console.error and its default
 * used. Null (and the poster) when there is no usable http(s) animation URL.
 */
export function readLottie(el: HTMLElement): LottieAnimation | null {
  const raw = rawParams(el);
  const where = el.hasAttribute('data-params') ? 'data-params' : 'data attributes';
  if (typeof raw === 'string') {
    logError(null, `lottie: ${describe(el)} data-params ${raw}; showing its poster.`);
    return null;
  }
  const problems: string[] = [];
  const checked = paramsSchema.safeParse(raw);
  let params = checked.data;
  if (!checked.success) {
    const bad = new Set(checked.error.issues.map((issue) => String(issue.path[0] ?? '')));
    for (const issue of checked.error.issues) problems.push(`"${String(issue.path[0])}" ${issue.message}`);
    const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
    params = paramsSchema.safeParse({ src: '', ...kept }).data ?? DEFAULTS;
  }
  const p = params ?? DEFAULTS;
  let { start, end } = p;
  if (end <= start) {
    problems.push(`"end" (${end}) must be greater than "start" (${start})`);
    [start, end] = [DEFAULTS.start, DEFAULTS.end];
  }
  let { visibilityStart, visibilityEnd } = p;
  if (visibilityEnd <= visibilityStart) {
    problems.push(
      `"visibilityEnd" (${visibilityEnd}) must be greater than "visibilityStart" (${visibilityStart})`,
    );
    [visibilityStart, visibilityEnd] = [DEFAULTS.visibilityStart, DEFAULTS.visibilityEnd];
  }
  const path = safeUrl(p.src, documentOf(el).baseURI);
  if (!path) problems.push('has no http(s) animation URL ("src", data-lottie or data-src)');
  if (problems.length)
    logError(
      null,
      `lottie: ${describe(el)} ${where}: ${problems.join('; ')}; ${path ? 'the defaults are used for those' : 'showing its poster'}.`,
    );
  if (!path) return null;
  const trigger = p.trigger === '' ? 'none' : p.trigger === 'view' ? 'visibility' : p.trigger;
  return {
    path,
    loop: p.loop,
    autoplay: p.autoplay,
    controls: p.controls,
    speed: p.speed,
    direction: p.direction,
    trigger,
    mouseout: p.mouseout === '' ? 'none' : p.mouseout,
    start,
    end,
    scrollActionType: p.scrollActionType,
    visibilityStart,
    visibilityEnd,
  };
}

/** The player box fills the element (Flatsome sizes `.ux-lottie`, 100% × 300 px by default); adopted, no style attributes. */
const CSS = `
lottie-player.ux-lottie__player{display:block;inline-size:100%;block-size:100%}
.lottie-animation{inline-size:100%;block-size:100%}
.lottie-animation svg{display:block}
.lottie[role="button"],.ux-lottie__player[role="button"]{cursor:pointer}
.lottie-control{margin-block-start:.5em;min-block-size:2.75rem;padding-inline:1em;border:1px solid currentColor;border-radius:var(--shop-radius,4px);background:var(--shop-color-surface,#fff);color:var(--shop-color-text,#1a1a1a);font:inherit;cursor:pointer}
:is(.lottie,.ux-lottie__player,.lottie-control):focus-visible{outline:var(--shop-focus-ring-width,2px) solid var(--shop-color-focus,#1f5f8b);outline-offset:2px}
`;

/** Plays the root's lottie animations, or shows their posters. */
export const installLottie = definePageBehaviour({
  name: 'lottie',
  selector: LOTTIE_SELECTOR,
  messages: LOTTIE_TEXTS,
  install(_root, context: BehaviourContext<typeof LOTTIE_TEXTS, LottieOptions>) {
    const doc = context.document;
    const win = context.window;
    const loadPlayer = context.options.loadPlayer ?? loadLottiePlayer;
    const stops: (() => void)[] = [];
    const handles = new Set<LottieHandle>();
    const seen = new WeakSet<HTMLElement>();
    let player: Promise<LottiePlayer> | undefined;
    let stopped = false;
    const query =
      context.options.reducedMotion === undefined
        ? (context.options.motionQuery ?? win.matchMedia?.('(prefers-reduced-motion: reduce)'))
        : undefined;
    const still = () => (query ? query.matches : context.reducedMotion());

    const poster = (el: HTMLElement) => {
      el.dataset.lottieState = 'poster';
      // A label the theme printed names the still picture (an aria-label needs a role: axe aria-prohibited-attr).
      if (el.hasAttribute('aria-label') && !el.hasAttribute('role')) el.setAttribute('role', 'img');
      const existing = el.querySelector<HTMLImageElement>(':scope > img');
      if (existing) {
        existing.hidden = false;
        return;
      }
      const src = safeUrl(el.dataset.poster, doc.baseURI);
      if (!src) return;
      const img = doc.createElement('img');
      img.className = 'lottie-poster';
      img.src = src;
      img.alt = el.getAttribute('aria-label') ?? '';
      el.append(img);
      stops.push(() => img.remove());
    };

    const start = (el: HTMLElement) => {
      if (seen.has(el)) return;
      // The page runs LottieFiles' own <lottie-player>: it plays Flatsome's markup itself.
      if (el.localName === 'lottie-player' && win.customElements?.get('lottie-player')) return;
      seen.add(el);
      const animation = readLottie(el);
      if (!animation || still()) return poster(el);
      player ??= loadPlayer();
      adoptStyles(doc, CSS);
      el.dataset.lottieState = 'loading';
      const labelled = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
      if (labelled) el.setAttribute('role', el.getAttribute('role') ?? 'img');
      else if (animation.trigger !== 'click') el.setAttribute('aria-hidden', 'true');
      player
        .then(async (play) => {
          if (stopped || !el.isConnected) return;
          const box = doc.createElement('div');
          box.className = 'lottie-animation';
          el.querySelector(':scope > img')?.setAttribute('hidden', '');
          el.append(box);
          const handle = play(box, animation);
          handles.add(handle);
          const unwire = wireLottie(el, handle, animation, { win, still, texts: context.messages });
          stops.push(() => {
            unwire();
            handle.destroy();
            box.remove();
          });
          await handle.ready;
          if (!stopped) el.dataset.lottieState = 'ready';
        })
        .catch((error: unknown) => {
          logError(null, `lottie: ${describe(el)} could not be played; showing its poster.`, error);
          if (!stopped) {
            el.querySelector(':scope > .lottie-animation')?.remove();
            poster(el);
          }
        });
    };

    context.each(LOTTIE_SELECTOR, start);
    // Reduced motion turned on while animations play: they stop on their first frame.
    const onMotionChange = () => {
      if (!still()) return;
      for (const handle of handles) handle.stop();
    };
    query?.addEventListener('change', onMotionChange);
    return () => {
      stopped = true;
      query?.removeEventListener('change', onMotionChange);
      for (const s of stops) s();
    };
  },
});
