import { memo, useId } from 'react';
import type { FormLayout } from './engine/engine.ts';
import type { FieldState, SectionInstance, SectionState } from './engine/types.ts';
import type { OptionFormController } from './shop-option-form.controller.ts';
import { Field } from './shop-option-form.field.view.tsx';
import { RepeatButton } from './shop-option-form.repeater.view.tsx';
import type { OptionFormMessages } from './shop-option-form.settings.ts';

interface SectionProps {
  section: SectionInstance;
  state: SectionState;
  /** Field states in form order (`FieldInstance.order`). */
  fields: readonly FieldState[];
  layout: FormLayout;
  controller: OptionFormController;
  messages: OptionFormMessages;
}

/** True when the section is shown as an accordion (spec §2: modes open, closed, all_opened, all_closed). */
export function isAccordion(section: SectionInstance, layout: FormLayout): boolean {
  return (
    section.extra.layout_option === 'accordion' ||
    layout.settings.accordion_mode !== 'default' ||
    section.extra.accordionOpen === 'closed'
  );
}

/** APG accordion keys on a header button: Up/Down move between headers, Home/End to the ends. */
function onHeaderKey(event: React.KeyboardEvent<HTMLButtonElement>) {
  const target = (i: number, n: number): number | null => {
    if (event.key === 'ArrowDown') return (i + 1) % n;
    if (event.key === 'ArrowUp') return (i - 1 + n) % n;
    if (event.key === 'Home') return 0;
    if (event.key === 'End') return n - 1;
    return null;
  };
  const root = event.currentTarget.getRootNode() as ParentNode;
  const headers = [...root.querySelectorAll<HTMLButtonElement>('button.section-toggle')];
  const next = target(headers.indexOf(event.currentTarget), headers.length);
  if (next === null) return;
  event.preventDefault();
  headers[next]?.focus();
}

/** One section: title (an accordion header when it is one), price, rows of fields, repeater buttons. */
/** Re-renders only when the section or one of its own fields changed (1,000-field forms, issue 12). */
export const Section = memo(
  SectionView,
  (a, b) =>
    a.state === b.state &&
    a.section === b.section &&
    a.layout === b.layout &&
    a.controller === b.controller &&
    a.messages === b.messages &&
    (a.fields === b.fields ||
      a.section.rows.every((row) =>
        row.every((id) => {
          const at = a.layout.fields.get(id)?.order ?? -1;
          return a.fields[at] === b.fields[at];
        }),
      )),
);

/** The title tags a section may use (`title_tag`; h3 otherwise). */
const HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * One section: its title (an accordion's header button when it is one), its rows of fields, the
 * group errors no groupValidation field shows, and the repeater buttons. Off screen, a section is
 * skipped (content-visibility, styles): its size meanwhile is a guess from its rows, so the page's
 * scroll height stays about right on long forms.
 */
function SectionView({ section, state, fields, layout, controller, messages }: SectionProps) {
  const base = useId();
  if (state.status === 'hidden') return null;
  const { extra } = section;
  const accordion = isAccordion(section, layout);
  const title = extra.name ?? '';
  const showTitle = extra.show_title && title !== '';
  const groupErrors = Object.values(state.error).filter((m): m is string => Boolean(m));
  const open = !accordion || state.open;
  const Heading = (HEADINGS.includes(extra.title_tag ?? '') ? extra.title_tag : 'h3') as 'h3';
  const price =
    extra.showPrice && state.viewPrice ? <span className="section-price"> {state.viewPrice}</span> : null;
  const className = ['section', extra.className ?? '', state.status === 'disable' ? 'section--disabled' : '']
    .filter(Boolean)
    .join(' ');
  const body = (
    <>
      {section.rows.map((row) => (
        <div key={row.join(' ')} className="row" part="row">
          {row.map((id) => {
            const inst = layout.fields.get(id);
            const field = inst && fields[inst.order];
            return inst && field ? (
              <Field
                key={id}
                inst={inst}
                field={field}
                controller={controller}
                messages={messages}
                groupErrors={groupErrors}
              />
            ) : null;
          })}
        </div>
      ))}
      {groupErrorList(section, layout, groupErrors)}
      <RepeatButton
        repeater={extra.repeater}
        bound={Boolean(extra.repeater_bind)}
        isClone={section.isClone}
        cloneIndex={section.cloneIndex}
        clonedCount={state.clonedCount}
        max={extra.repeater_max}
        label={title || section.key}
        addLabel={extra.repeater_add_label}
        removeLabel={extra.repeater_remove_label}
        messages={messages}
        onAdd={() => controller.addClone(section.key)}
        onRemove={() => controller.removeClone(section.key)}
      />
    </>
  );
  return (
    <div
      className={className}
      part="section"
      data-section-key={section.key}
      style={{ containIntrinsicSize: `auto ${Math.max(3, section.rows.length * 4.5)}rem` }}
    >
      {showTitle || accordion ? (
        <Heading className="section-title" part="section-title">
          {accordion ? (
            <button
              type="button"
              id={`${base}h`}
              className="section-toggle"
              part="section-toggle"
              aria-expanded={state.open}
              aria-controls={`${base}p`}
              onClick={() => controller.toggleSection(section.key)}
              onKeyDown={onHeaderKey}
            >
              <span>{title || section.key}</span>
              {price}
              <span className="chevron" aria-hidden="true" />
            </button>
          ) : (
            <>
              {title}
              {price}
            </>
          )}
        </Heading>
      ) : null}
      {accordion ? (
        <section
          id={`${base}p`}
          aria-labelledby={`${base}h`}
          className="section-body"
          part="section-body"
          hidden={!open}
        >
          {body}
        </section>
      ) : (
        <div id={`${base}p`} className="section-body" part="section-body">
          {body}
        </div>
      )}
    </div>
  );
}

/** The section's group errors (spec §5 group rules), when no groupValidation field shows them. */
function groupErrorList(section: SectionInstance, layout: FormLayout, errors: string[]) {
  const hasGroupField = section.rows.some((row) =>
    row.some((id) => layout.fields.get(id)?.def.type === 'groupValidation'),
  );
  if (hasGroupField || !errors.length) return null;
  return (
    <div className="group-errors" part="group-errors" role="alert">
      {errors.map((m) => (
        <p key={m} className="error" part="error">
          {m}
        </p>
      ))}
    </div>
  );
}
