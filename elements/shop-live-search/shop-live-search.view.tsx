import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import type { LiveSearchController } from './shop-live-search.controller.ts';
import { Listbox, optionId } from './shop-live-search.listbox.view.tsx';
import type { LiveSearchSettings } from './shop-live-search.settings.ts';
import { hideOutsideForm, readThemeForm } from './shop-live-search.theme-form.ts';

const INPUT_ID = 'input';
const LISTBOX_ID = 'listbox';

/**
 * `<shop-live-search>`: the theme's product search form as a WAI-ARIA 1.2 combobox with a
 * listbox popup, suggesting products as the shopper types (spec §4, §5, §7, §9 Live search).
 * Renders the state of the element's controller (which the element connects) and forwards the
 * shopper's intents to it.
 */
export function LiveSearch({
  settings,
  host,
  controller,
}: ElementViewProps<LiveSearchSettings, LiveSearchController>) {
  const theme = useMemo(() => readThemeForm(host, settings), [host, settings]);
  const { query, category, options, open, active, loading } = useStore(controller.$state);
  const inputRef = useRef<HTMLInputElement>(null);

  // A theme form beside the element stays the no-JavaScript fallback; hidden while we run.
  useEffect(() => hideOutsideForm(theme), [theme]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const outcome = controller.keyDown(event.key, { altKey: event.altKey });
    if (!outcome.handled) return;
    event.preventDefault();
    if (outcome.caret) {
      const input = event.currentTarget;
      const at = outcome.caret === 'start' ? 0 : input.value.length;
      input.setSelectionRange(at, at);
    }
  }

  const expanded = open && options.length > 0;
  const inLandmark = !!host.parentElement?.closest('search, [role="search"]');
  return (
    <form
      part="form"
      className="form"
      // A search landmark, unless the page already wraps the element in one.
      role={inLandmark ? undefined : 'search'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        controller.submit();
      }}
      onFocusCapture={() => controller.focusIn()}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        controller.focusOut(!!next && event.currentTarget.contains(next));
      }}
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
          onChange={(event) => controller.input(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => controller.fieldFocused()}
        />
        <Listbox
          id={LISTBOX_ID}
          label={settings.messages.listbox}
          options={options}
          active={active}
          query={query}
          open={open}
          anchor={inputRef}
          onChoose={(index) => controller.choose(index)}
        />
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
            onChange={(event) => controller.category(event.currentTarget.value)}
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
