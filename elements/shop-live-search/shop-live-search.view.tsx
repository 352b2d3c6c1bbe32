import DOMPurify from 'dompurify';
import {
  type FocusEvent,
  type KeyboardEvent,
  type FormEvent as ReactFormEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { announce } from '../../shared/a11y/announce.ts';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import { emit } from '../../shared/events.ts';
import { navigation } from '../../shared/navigation.ts';
import { shop } from '../../shared/shop/adapter.ts';
import { ShopError } from '../../shared/shop/request.ts';
import type { Suggestion } from '../../shared/shop/schemas.ts';
import { $pageConfig } from '../../shared/stores/page-config.ts';
import { SearchCache } from './search-cache.ts';
import type { LiveSearchSettings } from './shop-live-search.settings.ts';
import { highlight, isNoResults, moveActive, productCount, targetUrl } from './suggestions.ts';
import { readThemeForm } from './theme-form.ts';

const INPUT_ID = 'input';
const LISTBOX_ID = 'listbox';
const optionId = (index: number) => `option-${index}`;

/** What price HTML may keep: WooCommerce's price markup (amount, currency, sale del/ins, screen-reader text). */
const PRICE_POLICY = {
  ALLOWED_TAGS: ['span', 'bdi', 'del', 'ins', 'small', 'strong', 'em', 'b', 'i', 'sub', 'sup', 'abbr', 'br'],
  ALLOWED_ATTR: ['class', 'aria-hidden', 'title', 'lang', 'dir'],
  RETURN_DOM_FRAGMENT: true as const,
};

/** Price HTML from the shop (spec §3), sanitised by DOMPurify into a fragment (DESIGN §9). */
function Price({ html }: { html: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(DOMPurify.sanitize(html, PRICE_POLICY));
  }, [html]);
  return <span part="option-price" className="price" ref={ref} />;
}

/** One suggestion: image, name (text, query marked) and price (spec §4 Live search). */
function Option(props: {
  suggestion: Suggestion;
  index: number;
  active: boolean;
  enabled: boolean;
  query: string;
  onChoose: (index: number) => void;
}) {
  const { suggestion, index, active, enabled, query, onChoose } = props;
  const parts = ['option', active && 'option--active', !enabled && 'option--disabled']
    .filter(Boolean)
    .join(' ');
  return (
    // Focus stays in the combobox field, which owns the keyboard through aria-activedescendant (APG).
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the field.
    // biome-ignore lint/a11y/useFocusableInteractive: options are never focused themselves.
    <div
      id={optionId(index)}
      role="option"
      part={parts}
      className="option"
      aria-selected={active}
      aria-disabled={enabled ? undefined : true}
      // Keep focus in the field, so choosing does not blur it (WAI-ARIA APG combobox).
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(index)}
    >
      {suggestion.img ? (
        <img
          part="option-image"
          className="image"
          src={suggestion.img}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : enabled ? (
        <span part="option-image" className="image" aria-hidden="true" />
      ) : null}
      <span part="option-name" className="name">
        {highlight(suggestion.value, query).map((p, i) =>
          p.match ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: runs of one name never reorder.
            <mark key={i} part="option-match">
              {p.text}
            </mark>
          ) : (
            p.text
          ),
        )}
      </span>
      {suggestion.price ? <Price html={suggestion.price} /> : null}
    </div>
  );
}

/**
 * `<shop-live-search>`: the theme's product search form as a WAI-ARIA 1.2 combobox with a
 * listbox popup, suggesting products as the shopper types (spec §4, §5, §7, §9 Live search).
 */
export function LiveSearch({ settings, host }: ElementViewProps<LiveSearchSettings>) {
  const theme = useMemo(() => readThemeForm(host, settings), [host, settings]);
  const [query, setQuery] = useState(theme.value);
  const [category, setCategory] = useState(theme.category);
  const [results, setResults] = useState<readonly Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const cache = useMemo(
    () =>
      new SearchCache<Suggestion>({ cache: settings.cache, preventBadQueries: settings.preventBadQueries }),
    [settings.cache, settings.preventBadQueries],
  );

  // What asynchronous callbacks need to see as it is now, not as it was when they were made.
  const live = useRef({
    settings,
    cache,
    query: theme.value,
    category: theme.category,
    /** URL of the query on screen; an answer for another URL is never shown. */
    url: '',
    /** Sequence number of the newest request; older answers are never shown. */
    seq: 0,
    controller: null as AbortController | null,
    delayTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    blurTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    focusWithin: false,
  });
  live.current.settings = settings;
  live.current.cache = cache;

  const base = host.ownerDocument.baseURI;
  const enabled = useMemo(() => results.map((s) => targetUrl(s, base) !== null), [results, base]);

  function hide() {
    setOpen(false);
    setActive(-1);
  }

  /** Stops the request in flight (its answer will not be shown) and the pending delay. */
  function cancel() {
    const l = live.current;
    clearTimeout(l.delayTimer);
    l.controller?.abort();
    l.controller = null;
    l.seq += 1;
    setLoading(false);
  }

  function show(answer: readonly Suggestion[]) {
    const { messages } = live.current.settings;
    const count = productCount(answer);
    if (isNoResults(answer)) {
      // spec §4: hidden when there are no results; §8: no visible notice. Screen readers still hear it.
      hide();
      if (live.current.focusWithin) announce(answer.find((s) => s.value.trim())?.value ?? messages.noResults);
      return;
    }
    setResults(answer);
    setActive(-1); // spec §5: an exact match is not auto-selected.
    if (!live.current.focusWithin) return;
    setOpen(true);
    const rule = new Intl.PluralRules(host.closest('[lang]')?.getAttribute('lang') || undefined).select(
      count,
    );
    announce(
      (rule === 'one' ? messages.resultsOne : messages.resultsOther).replaceAll('{count}', String(count)),
    );
  }

  async function request(q: string, cat: string, url: string) {
    const l = live.current;
    // Every new request aborts the one in flight.
    l.controller?.abort();
    const controller = new AbortController();
    l.controller = controller;
    const seq = ++l.seq;
    const requestCache = l.cache;
    setLoading(true); // spec §4: loading from request start until completion.
    try {
      const answer = await shop().search(url, controller.signal);
      requestCache.set(url, q, cat, answer, isNoResults(answer));
      if (seq === l.seq && url === l.url) show(answer);
    } catch (error) {
      if (error instanceof ShopError && error.kind === 'aborted') return;
      // A failed request leaves the box working for the next keystroke.
      console.warn(`<shop-live-search>: ${(error as Error).message}`);
      if (seq === l.seq && url === l.url) hide();
    } finally {
      if (seq === l.seq) {
        l.controller = null;
        setLoading(false);
      }
    }
  }

  /** Runs the query now in the field (spec §5 Live search, §9 Search and prefetch). */
  function lookup(q: string, cat: string, immediate = false) {
    const l = live.current;
    clearTimeout(l.delayTimer);
    if (q.trim().length < l.settings.minChars) {
      // spec §5: starts only at 3 or more characters; spec §4: shorter hides the list.
      l.url = '';
      cancel();
      hide();
      return;
    }
    const url = shop().searchUrl(q, cat || undefined);
    l.url = url;
    const cached = l.cache.get(url);
    if (cached) {
      // A cache hit is not a request: shown at once, without the delay.
      cancel();
      show(cached);
      return;
    }
    if (l.cache.isBadQuery(q, cat)) {
      cancel();
      hide();
      return;
    }
    const delay = l.settings.delay ?? $pageConfig.get().searchLatency;
    if (immediate || delay <= 0) void request(q, cat, url);
    else l.delayTimer = setTimeout(() => void request(q, cat, url), delay);
  }

  function choose(index: number) {
    const suggestion = results[index];
    const url = suggestion ? targetUrl(suggestion, base) : null;
    // spec §3: id -1 (and anything without a safe URL) does not navigate.
    if (!suggestion || url === null) return;
    const l = live.current;
    emit(host, 'shop-search-selected', {
      query: l.query,
      category: l.category,
      id: suggestion.id,
      value: suggestion.value,
      url,
    });
    cancel();
    hide(); // spec §4: hidden after a selection.
    setQuery(suggestion.value);
    l.query = suggestion.value;
    navigation.assign(url);
  }

  function submit() {
    const l = live.current;
    emit(host, 'shop-search-submitted', { query: l.query, category: l.category });
    cancel();
    hide();
    const { form, input, select } = theme;
    if (form) {
      // The theme's own form goes to the results page, with its hidden fields and submit listeners.
      if (input) input.value = l.query;
      if (select) select.value = l.category;
      if (typeof form.requestSubmit === 'function') form.requestSubmit();
      else form.submit();
      return;
    }
    const target = new URL(l.settings.action, base);
    target.searchParams.set('s', l.query);
    if (l.category) target.searchParams.set('product_cat', l.category);
    target.searchParams.set('post_type', 'product');
    navigation.assign(target.href);
  }

  function onInput(value: string) {
    live.current.query = value;
    setQuery(value);
    setActive(-1);
    lookup(value, live.current.category);
  }

  function onCategory(value: string) {
    // spec §4: a new category resets the service URL, hides the list and re-runs the query.
    live.current.category = value;
    setCategory(value);
    hide();
    lookup(live.current.query, value, true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const l = live.current;
    const move = (to: 'next' | 'previous' | 'first' | 'last') => {
      event.preventDefault();
      if (open) {
        setActive((current) => moveActive(enabled, current, to));
        return;
      }
      const cached = l.url ? l.cache.get(l.url) : undefined;
      if (cached && !isNoResults(cached)) {
        setResults(cached);
        setOpen(true);
        // Alt+Down opens without moving into the list (APG).
        const usable = cached.map((s) => targetUrl(s, base) !== null);
        setActive(event.altKey ? -1 : moveActive(usable, -1, to));
      } else {
        lookup(l.query, l.category, true);
      }
    };
    switch (event.key) {
      case 'ArrowDown':
        move(open ? 'next' : 'first');
        break;
      case 'ArrowUp':
        if (event.altKey && open) {
          event.preventDefault();
          hide();
        } else move(open ? 'previous' : 'last');
        break;
      case 'Enter':
        if (open && active >= 0) {
          event.preventDefault();
          choose(active);
        }
        // Otherwise the form submits (Enter without a chosen suggestion searches).
        break;
      case 'Escape':
        event.preventDefault();
        if (open) hide();
        else if (input.value) onInput(''); // APG: Escape on a closed combobox clears the field.
        break;
      case 'Home':
      case 'End':
        if (open && active >= 0) {
          // APG editable combobox: back to the field, caret at the start or the end.
          event.preventDefault();
          setActive(-1);
          const at = event.key === 'Home' ? 0 : input.value.length;
          input.setSelectionRange(at, at);
        }
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        if (active >= 0) setActive(-1);
        break;
      default:
        break;
    }
  }

  function onFocusIn() {
    const l = live.current;
    l.focusWithin = true;
    clearTimeout(l.blurTimer);
  }

  function onFocusOut(event: FocusEvent<HTMLFormElement>) {
    const l = live.current;
    const next = event.relatedTarget as Node | null;
    l.focusWithin = !!next && !!formRef.current?.contains(next);
    // spec §4, §9: the list hides 200 ms after the field loses focus.
    clearTimeout(l.blurTimer);
    l.blurTimer = setTimeout(hide, l.settings.hideDelay);
  }

  useEffect(() => {
    // A theme form beside the element stays the no-JavaScript fallback; hidden while we run.
    const { form, outside } = theme;
    if (!form || !outside) return;
    const wasHidden = form.hidden;
    form.hidden = true;
    return () => {
      form.hidden = wasHidden;
    };
  }, [theme]);

  useEffect(() => {
    const l = live.current;
    return () => {
      clearTimeout(l.delayTimer);
      clearTimeout(l.blurTimer);
      l.controller?.abort();
      l.controller = null;
    };
  }, []);

  useEffect(() => {
    if (active >= 0)
      listRef.current?.querySelector(`#${optionId(active)}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  useLayoutEffect(() => {
    // Narrow screens: the list is a full-width panel fixed under the field.
    if (!open) return;
    const place = () => {
      const bottom = inputRef.current?.getBoundingClientRect().bottom ?? 0;
      listRef.current?.style.setProperty('--_panel-top', `${Math.max(0, Math.round(bottom))}px`);
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [open]);

  const expanded = open && results.length > 0;
  const inLandmark = !!host.parentElement?.closest('search, [role="search"]');
  return (
    <form
      ref={formRef}
      part="form"
      className="form"
      // A search landmark, unless the page already wraps the element in one.
      role={inLandmark ? undefined : 'search'}
      noValidate
      onSubmit={(event: ReactFormEvent) => {
        event.preventDefault();
        submit();
      }}
      onFocusCapture={onFocusIn}
      onBlur={onFocusOut}
    >
      <label className="visually-hidden" htmlFor={INPUT_ID}>
        {theme.label}
      </label>
      <div part="field" className="field">
        <input
          ref={inputRef}
          id={INPUT_ID}
          part="input"
          className="input"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={theme.placeholder}
          value={query}
          onChange={(event) => onInput(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            // devbridge: focusing a field that holds a query shows its suggestions again.
            if (live.current.query.trim().length >= settings.minChars)
              lookup(live.current.query, live.current.category);
          }}
        />
        <div
          ref={listRef}
          id={LISTBOX_ID}
          part="listbox"
          className="listbox"
          role="listbox"
          aria-label={settings.messages.listbox}
          hidden={!expanded}
        >
          {results.map((suggestion, index) => (
            <Option
              // biome-ignore lint/suspicious/noArrayIndexKey: a shop may repeat ids; positions identify options.
              key={index}
              suggestion={suggestion}
              index={index}
              active={index === active}
              enabled={enabled[index]}
              query={query}
              onChoose={choose}
            />
          ))}
        </div>
      </div>
      {theme.select ? (
        <>
          <label className="visually-hidden" htmlFor="category">
            {theme.categoryLabel}
          </label>
          <select
            id="category"
            part="category"
            className="category"
            value={category}
            onChange={(event) => onCategory(event.currentTarget.value)}
          >
            {theme.categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <button type="submit" part="search-button" className="button" data-loading={loading ? '' : undefined}>
        <span className="button-text">{theme.button}</span>
        <span part="spinner" className="spinner" aria-hidden="true" hidden={!loading} />
      </button>
    </form>
  );
}
