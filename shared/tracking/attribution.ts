import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { wpFlag } from '../format/settings.ts';
import { logError, logWarning } from '../log.ts';
import { $consent, type Consent, trackingAllowed } from '../stores/consent.ts';
import { readPageData } from '../stores/page-data.ts';
import {
  commitMemory,
  createCookieStore,
  createMemoryStore,
  type MemoryStore,
  removeAttributionCookies,
} from './cookie-store.ts';
import {
  classify,
  type ResolvedSbjsOptions,
  readAccessor,
  resolveOptions,
  runSourcebuster,
  type SbjsEnvironment,
  type SbjsGet,
  type SbjsOptions,
  type SbjsStore,
  storedState,
  type TrafficData,
} from './sourcebuster.ts';

/**
 * Order attribution (spec §4 Attribution, §7 Order attribution): classifies the visit with the
 * sourcebuster-compatible engine, keeps the result in memory until tracking is allowed (the
 * `allowTracking` parameter and marketing consent, as WooCommerce's WP Consent API integration
 * uses), then writes the cookies; denying removes them all. Tracking allowed after load runs
 * the page view again at that moment, as WooCommerce's script starts sourcebuster only then:
 * fire dates and expiries are those of the grant, the source the one classified at load
 * (issue 11 item 12). The values for the checkout are
 * published in `$attribution`, written into plain hidden inputs named `<prefix><field>`, and
 * set as checkout block extension data.
 */

/** WooCommerce's default fields and their sourcebuster accessors (OrderAttributionMeta). */
export const DEFAULT_FIELDS: Readonly<Record<string, string>> = {
  source_type: 'current.typ',
  referrer: 'current_add.rf',
  utm_campaign: 'current.cmp',
  utm_source: 'current.src',
  utm_medium: 'current.mdm',
  utm_content: 'current.cnt',
  utm_id: 'current.id',
  utm_term: 'current.trm',
  utm_source_platform: 'current.plt',
  utm_creative_format: 'current.fmt',
  utm_marketing_tactic: 'current.tct',
  session_entry: 'current_add.ep',
  session_start_time: 'current_add.fd',
  session_pages: 'session.pgs',
  session_count: 'udata.vst',
  user_agent: 'udata.uag',
};

const num = (fallback: number) => z.catch(z.coerce.number().check(z.positive()), fallback);

/** `wc_order_attribution.params` (spec §3: allowTracking, lifetime, session, base64, prefix) plus our cookie prefix. */
const paramsSchema = z.partial(
  z.object({
    allowTracking: z.catch(wpFlag, true),
    lifetime: num(6),
    session: num(30),
    base64: z.catch(wpFlag, false),
    prefix: z.catch(z.string(), 'wc_order_attribution_'),
    cookiePrefix: z.catch(z.string().check(z.regex(/^[\w-]*$/)), 'sbjs_'),
  }),
);

const namespaceSchema = z.partial(
  z.object({
    params: z.catch(paramsSchema, {}),
    fields: z.catch(z.optional(z.record(z.string(), z.string())), undefined),
  }),
);

export interface AttributionParams {
  /** Server-side switch (`wc_order_attribution_allow_tracking`); consent is required as well. */
  allowTracking: boolean;
  /** Cookie lifetime in months of 30 days. */
  lifetime: number;
  /** Session length in minutes. */
  session: number;
  base64: boolean;
  /** Prefix of the hidden checkout inputs (WooCommerce: `wc_order_attribution_`). */
  prefix: string;
  /** Prefix of the cookie names (sourcebuster: `sbjs_`). */
  cookiePrefix: string;
  /** Field name to sourcebuster accessor (`source_type: 'current.typ'`). */
  fields: Record<string, string>;
}

export const DEFAULT_PARAMS: AttributionParams = {
  allowTracking: true,
  lifetime: 6,
  session: 30,
  base64: false,
  prefix: 'wc_order_attribution_',
  cookiePrefix: 'sbjs_',
  fields: { ...DEFAULT_FIELDS },
};

declare global {
  interface Window {
    wc_order_attribution?: {
      params?: Record<string, unknown>;
      fields?: Record<string, string>;
      setOrderTracking?: (allow: boolean) => void;
    };
    wp?: {
      data?: {
        dispatch?: (store: string) => Record<string, unknown> | undefined;
        subscribe?: (listener: () => void, store?: string) => () => void;
      };
    };
  }
}

/** Reads `window.wc_order_attribution`, else the same object under that name in `<script id="shop-config">`. */
export function readAttributionParams(doc: Document = document): AttributionParams {
  const raw = readPageData('wc_order_attribution', doc) || undefined;
  const parsed = z.catch(namespaceSchema, {}).parse(raw ?? {});
  const params = Object.fromEntries(Object.entries(parsed.params ?? {}).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_PARAMS, ...params, fields: parsed.fields ?? { ...DEFAULT_FIELDS } };
}

export interface AttributionState {
  /** True once tracking is allowed and the cookies hold the data. */
  allowed: boolean;
  /** Field values for the checkout; all null while tracking is not allowed (as WooCommerce sends). */
  values: Record<string, string | null>;
  /** Input name prefix and field names, for the hidden-input element. */
  prefix: string;
  fields: string[];
  /** The classified containers (also kept while not allowed, in memory only). */
  data: SbjsGet | null;
}

export const $attribution = atom<AttributionState>({
  allowed: false,
  values: {},
  prefix: DEFAULT_PARAMS.prefix,
  fields: Object.keys(DEFAULT_FIELDS),
  data: null,
});

export interface AttributionController {
  readonly params: AttributionParams;
  /** WooCommerce's `setOrderTracking`: the server-side switch, changed at run time. */
  setAllowTracking(allow: boolean): void;
  stop(): void;
}

export interface StartAttributionOptions {
  params?: Partial<AttributionParams>;
  /** Overrides of the page facts (tests). */
  env?: Partial<SbjsEnvironment>;
  doc?: Document;
  /** Extra sourcebuster options (custom organics, referrals, typein attributes, promo codes). */
  sbjs?: SbjsOptions;
  /**
   * The clock (ms since the epoch): fire dates and cookie expiries of the moment tracking is
   * allowed. `env.now`, when given, is the load time used by a grant during start.
   */
  now?: () => number;
}

function setInputs(doc: Document, state: AttributionState): void {
  for (const field of state.fields) {
    for (const input of doc.querySelectorAll<HTMLInputElement>(
      `input[name="${CSS.escape(state.prefix + field)}"]`,
    )) {
      input.value = state.values[field] ?? '';
    }
  }
}

const CHECKOUT_STORE = 'wc/store/checkout';

function setBlockData(win: Window, values: Record<string, string | null>): void {
  try {
    const store = win.wp?.data?.dispatch?.(CHECKOUT_STORE) as
      | { __internalSetExtensionData?: (ns: string, data: unknown, replace?: boolean) => void }
      | undefined;
    store?.__internalSetExtensionData?.('woocommerce/order-attribution', values, true);
  } catch (error) {
    logWarning(null, 'could not set order attribution on the checkout block.', error);
  }
}

/** Where and how this page view's attribution runs: the page, its parameters, sourcebuster's options and the cookie store. */
function attributionSetting(options: StartAttributionOptions, doc: Document, now: () => number) {
  const win = doc.defaultView ?? window;
  const params: AttributionParams = { ...readAttributionParams(doc), ...options.params };
  const env: SbjsEnvironment = {
    href: doc.location.href,
    referrer: doc.referrer,
    userAgent: win.navigator.userAgent,
    now: new Date(now()),
    ...options.env,
  };
  const resolved: ResolvedSbjsOptions = resolveOptions(
    {
      timezoneOffset: 0, // WooCommerce: UTC
      ...options.sbjs,
      lifetime: params.lifetime,
      sessionLength: params.session,
      base64: params.base64,
      cookiePrefix: params.cookiePrefix,
    },
    hostFromHref(env.href),
  );
  const cookieStore: SbjsStore = createCookieStore(
    { base64: resolved.base64, domain: resolved.domain, now },
    doc,
  );
  return { win, params, env, resolved, cookieStore };
}

/**
 * The checkout block store may register after us: its data is set once more when it appears.
 * Returns the stop.
 */
function watchCheckoutBlocks(doc: Document, win: Window): () => void {
  let unsubscribeBlocks: (() => void) | undefined;
  const watchBlocks = () => {
    const subscribe = win.wp?.data?.subscribe;
    if (typeof subscribe !== 'function') return;
    try {
      unsubscribeBlocks = subscribe(() => {
        unsubscribeBlocks?.();
        unsubscribeBlocks = undefined;
        setBlockData(win, $attribution.get().values);
      }, CHECKOUT_STORE);
    } catch {
      // an old wp.data without store-scoped subscriptions: the first publish already ran
    }
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', watchBlocks, { once: true });
  else watchBlocks();
  return () => {
    unsubscribeBlocks?.();
    doc.removeEventListener('DOMContentLoaded', watchBlocks);
  };
}

let current: AttributionController | null = null;

/**
 * Starts attribution for this page view (idempotent without options: returns the running
 * controller). Never throws into the page.
 */
export function startAttribution(options: StartAttributionOptions = {}): AttributionController {
  const fresh = options.params || options.env || options.doc || options.sbjs;
  if (current && !fresh) return current;
  current?.stop();

  const doc = options.doc ?? document;
  const now = options.now ?? Date.now;
  const { win, params, env, resolved, cookieStore } = attributionSetting(options, doc, now);
  let allowTracking = params.allowTracking;
  const cookiesSeed = (name: string) => cookieStore.get(name);
  let memory: MemoryStore = createMemoryStore(cookiesSeed, now, resolved.base64);
  // issue 11 item 12: the visit's source is classified once, at load, against the cookies as they are then.
  let decided: TrafficData | null | undefined = safeClassify(memory);
  let data: SbjsGet | null = safeRun(memory, env);
  let committed = false;
  let starting = true;

  function safeClassify(store: SbjsStore): TrafficData | null | undefined {
    try {
      return classify(env, resolved, storedState(store, resolved.cookiePrefix));
    } catch {
      return undefined; // classified again by the run, which reports the failure
    }
  }

  function safeRun(store: SbjsStore, at: SbjsEnvironment): SbjsGet | null {
    try {
      return runSourcebuster(store, at, resolved, Math.random, decided);
    } catch (error) {
      logError(null, 'order attribution failed; no attribution for this page.', error);
      return null;
    }
  }

  // Marketing consent counts only on a page with a consent source; without one, `allowTracking` alone decides, as WooCommerce's script does (issue 21 §1).
  const allowed = (consent: Consent) => allowTracking && trackingAllowed('marketing', consent);

  function publish(isAllowed: boolean): void {
    const fields = Object.keys(params.fields);
    const values: Record<string, string | null> = {};
    for (const [field, accessor] of Object.entries(params.fields)) {
      values[field] = isAllowed && data ? (readAccessor(data, accessor) ?? null) : null;
    }
    const state: AttributionState = { allowed: isAllowed, values, prefix: params.prefix, fields, data };
    $attribution.set(state);
    setInputs(doc, state);
    setBlockData(win, values);
  }

  function apply(consent: Consent, revoked: boolean): void {
    if (allowed(consent)) {
      if (!committed) {
        if (!starting) {
          // issue 11 item 12: WooCommerce's script starts sourcebuster only when tracking is
          // allowed, so the session (fire date, page count, every expiry) starts now; the source
          // classified at load is kept, so a late consent loses no UTM (spec §4 Attribution).
          memory = createMemoryStore(cookiesSeed, now, resolved.base64);
          data = safeRun(memory, { ...env, now: new Date(now()) });
        }
        commitMemory(memory, cookieStore, now);
        committed = true;
      }
      publish(true);
      return;
    }
    if (committed || revoked) {
      // spec §4: denying removes all attribution cookies; a later grant on this page starts afresh.
      removeAttributionCookies(resolved.cookiePrefix, resolved.domain.host, doc);
      memory = createMemoryStore(() => null, now, resolved.base64);
      decided = safeClassify(memory);
      data = safeRun(memory, env);
      committed = false;
    }
    publish(false);
  }

  if (!allowTracking) removeAttributionCookies(resolved.cookiePrefix, resolved.domain.host, doc);
  apply($consent.get(), false);
  starting = false;
  let previous = $consent.get();
  const unsubscribe = $consent.listen((consent) => {
    const revoked = previous.marketing === 'granted' && consent.marketing === 'denied';
    previous = consent;
    apply(consent, revoked);
  });

  const stopWatchingBlocks = watchCheckoutBlocks(doc, win);

  const controller: AttributionController = {
    params,
    setAllowTracking(allow) {
      allowTracking = Boolean(allow);
      apply($consent.get(), !allowTracking);
    },
    stop() {
      unsubscribe();
      stopWatchingBlocks();
      if (current === controller) current = null;
    },
  };
  // WooCommerce's public switch, when its own script is not on the page.
  const ns = win.wc_order_attribution;
  if (ns && typeof ns.setOrderTracking !== 'function') ns.setOrderTracking = controller.setAllowTracking;
  current = controller;
  return controller;
}

function hostFromHref(href: string): string {
  try {
    return new URL(href).hostname;
  } catch {
    return '';
  }
}
