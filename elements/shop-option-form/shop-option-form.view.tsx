import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useMemo, useReducer } from 'react';
import type { ElementViewProps } from '../../shared/define-element.tsx';
import type { OptionFormController } from './shop-option-form.controller.ts';
import { FormExtras } from './shop-option-form.extras.view.tsx';
import { fieldDesign } from './shop-option-form.field-parts.view.tsx';
import { Section } from './shop-option-form.section.view.tsx';
import type { OptionFormSettings } from './shop-option-form.settings.ts';
import { Summary } from './shop-option-form.summary.view.tsx';
import { TooltipClock } from './shop-option-form.tooltip.view.tsx';

/**
 * The option form: sections from the engine's layout, the price summary and the form error line.
 * The element creates and connects the controller (before this view first renders, so a submit
 * right after the form shows is already intercepted); the view renders its stores.
 */
export function OptionForm({
  settings,
  host,
  internals,
  controller,
}: ElementViewProps<OptionFormSettings, OptionFormController>) {
  // A re-initialisation replaces the engine store: render the new one.
  const [, rebuilt] = useReducer((n: number) => n + 1, 0);
  useEffect(() => controller.onStoreChange(rebuilt), [controller]);
  const state = useStore(controller.store.$state);
  const ui = useStore(controller.$ui);
  const layout = controller.store.layout();
  // Field states in form order: a section finds its fields by their layout position (no map to
  // rebuild on every keystroke of a 1,000-field form).
  const fields = state.fields;
  const sections = useMemo(() => new Map(state.sections.map((s) => [s.key, s])), [state.sections]);
  const { messages } = settings;
  useLayoutEffect(() => applyDesign(host, layout.design), [host, layout.design]);
  return (
    <TooltipClock.Provider value={controller.clock}>
      <div className="form" part="form" aria-busy={ui.busy || ui.formulas === 'loading' || undefined}>
        {layout.sections.map((section) => {
          const sectionState = sections.get(section.key);
          return sectionState ? (
            <Section
              key={section.key}
              section={section}
              state={sectionState}
              fields={fields}
              layout={layout}
              controller={controller}
              messages={messages}
            />
          ) : null;
        })}
        {settings.summary && layout.sections.length > 0 && (
          <Summary summary={state.summary} messages={messages} pending={ui.formulas === 'loading'} />
        )}
        {(ui.formulas === 'loading' || ui.formulas === 'failed') && (
          <p className="price-status" part="price-status" data-formulas={ui.formulas}>
            {ui.formulas === 'loading' ? messages.pricesPending : messages.pricesUnavailable}
          </p>
        )}
        <FormExtras controller={controller} settings={settings} host={host} internals={internals} />
        <p className="form-error" part="form-error" role="alert">
          {ui.formError ? messages.formError : ''}
        </p>
      </div>
    </TooltipClock.Provider>
  );
}

/**
 * Design colours and sizes of the page config (spec §3 "design settings") on the host, the same
 * names as a field's own `design` (CSSOM, never a style attribute string: strict CSP).
 */
function applyDesign(host: HTMLElement, design: Record<string, unknown>): void {
  for (const [knob, value] of Object.entries(fieldDesign(design))) host.style.setProperty(knob, value);
}
