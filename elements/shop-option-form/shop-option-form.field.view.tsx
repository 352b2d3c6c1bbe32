import { useStore } from '@nanostores/react';
import { memo, type ReactNode, useId } from 'react';
import { fill } from '../../shared/format/messages.ts';
import type { FieldInstance, FieldState } from './engine/types.ts';
import { CORRECTION_KEYS } from './shop-option-form.announcements.ts';
import type { OptionFormController } from './shop-option-form.controller.ts';
import { colClass, FieldMessages, fieldDesign, PendingField } from './shop-option-form.field-parts.view.tsx';
import { useFieldProblem } from './shop-option-form.field-problem.ts';
import { useFieldType } from './shop-option-form.registry.ts';
import { RepeatButton } from './shop-option-form.repeater.view.tsx';
import type { OptionFormMessages } from './shop-option-form.settings.ts';
import { Tooltip } from './shop-option-form.tooltip.view.tsx';

interface FieldProps {
  inst: FieldInstance;
  field: FieldState;
  controller: OptionFormController;
  messages: OptionFormMessages;
  groupErrors: string[];
}

/** Messages to show under a field: corrections at once, the rest on blur or after a submit (spec §5). */
export function shownErrors(field: FieldState): string[] {
  return Object.entries(field.error)
    .filter(([key, message]) => message && (field.showErrors || CORRECTION_KEYS.has(key as never)))
    .map(([, message]) => message as string);
}

/**
 * One field: label (or legend for groups), description, the type's view from the registry,
 * counter, errors, and the repeater buttons. Everything is tied to the input by ids in the shadow
 * root; hostile labels are text.
 */
export const Field = memo(
  FieldView,
  (a, b) =>
    a.field === b.field &&
    a.inst === b.inst &&
    a.controller === b.controller &&
    a.messages === b.messages &&
    // Only groupValidation fields show the section's group errors.
    (a.inst.def.type !== 'groupValidation' || a.groupErrors.join('\n') === b.groupErrors.join('\n')),
);

/** The ids that tie a field's parts to its input. */
type FieldIds = Record<'input' | 'label' | 'desc' | 'count' | 'error', string>;

function FieldView({ inst, field, controller, messages, groupErrors }: FieldProps) {
  const base = useId();
  const type = useFieldType(inst.def.type);
  const onProblem = useFieldProblem(controller, inst.id);
  // Typed text the engine takes after the input debounce (spec §9) shows at once.
  const draft = useStore(controller.$drafts, { keys: [inst.id as never] })[inst.id];
  if (!type || field.status === 'hidden') return null;
  const def = inst.def;
  if (type === 'loading' || type === 'failed')
    return <PendingField inst={inst} state={type} messages={messages} />;
  const ids: FieldIds = {
    input: `${base}i`,
    label: `${base}l`,
    desc: `${base}d`,
    count: `${base}c`,
    error: `${base}e`,
  };
  const errors = shownErrors(field);
  const disabled = field.status === 'disable';
  const invalid = field.showErrors && field.blocking;
  const described =
    [
      def.description ? ids.desc : '',
      field.charLeft !== undefined ? ids.count : '',
      errors.length ? ids.error : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const View = type.view;
  const view = (
    <View
      field={draft === undefined ? field : { ...field, value: draft }}
      def={def}
      inputId={ids.input}
      labelId={ids.label}
      describedBy={described}
      invalid={invalid}
      disabled={disabled}
      messages={messages}
      groupErrors={groupErrors}
      current={() => controller.store.field(inst.id)?.value ?? null}
      onValue={(value, quantity) => controller.setValue(inst.id, value, quantity)}
      onInput={(value) => controller.input(inst.id, value)}
      onQuantity={(quantity) => controller.setQuantity(inst.id, quantity)}
      onBlur={() => controller.blur(inst.id)}
      onProblem={onProblem}
    />
  );
  const className = [
    'field',
    `field--${def.type}`,
    colClass(def.col),
    def.className ?? '',
    field.isNew ? 'field--new' : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (type.display || def.type === 'hidden')
    return (
      <div className={className} part="field" data-field-id={inst.id} hidden={def.type === 'hidden'}>
        {view}
      </div>
    );
  const group = typeof type.group === 'function' ? type.group(def) : type.group;
  return (
    <div className={className} part="field" data-field-id={inst.id} style={fieldDesign(def.design)}>
      {labelled(
        inst,
        field,
        messages,
        ids,
        group,
        invalid,
        fieldBody(inst, field, controller, messages, ids, errors, view),
      )}
    </div>
  );
}

/**
 * A field's control with its label around `body`: a fieldset with a legend for a group of
 * choices, else a label row (label and tooltip) over the control.
 */
function labelled(
  inst: FieldInstance,
  field: FieldState,
  messages: OptionFormMessages,
  ids: FieldIds,
  group: boolean | undefined,
  invalid: boolean | undefined,
  body: ReactNode,
) {
  const def = inst.def;
  const labelText = (
    <>
      <span id={ids.label}>{def.label ?? ''}</span>
      {def.required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
      {field.viewPrice && (
        <span className="field-price" part="field-price">
          {' '}
          {field.viewPrice}
        </span>
      )}
    </>
  );
  const labelPos = def.label_position ?? 'above';
  const labelClass = `label label--${labelPos === 'hide' || labelPos === 'disable' ? 'hidden' : labelPos}`;
  const tooltip = def.tooltip ? (
    <Tooltip text={def.tooltip} label={fill(messages.tooltip, { label: def.label ?? '' })} />
  ) : null;
  return group ? (
    <fieldset
      className={`group label-${labelPos}`}
      aria-invalid={invalid || undefined}
      disabled={field.status === 'disable'}
    >
      <legend className={labelClass} part="label">
        {labelText}
      </legend>
      {tooltip}
      {body}
    </fieldset>
  ) : (
    <div className={`control label-${labelPos}`}>
      <div className="label-row">
        <label className={labelClass} part="label" htmlFor={ids.input}>
          {labelText}
        </label>
        {tooltip}
      </div>
      <div className="control-body">{body}</div>
    </div>
  );
}

/** The field's type `view` with its description, counter, errors and repeater buttons. */
function fieldBody(
  inst: FieldInstance,
  field: FieldState,
  controller: OptionFormController,
  messages: OptionFormMessages,
  ids: FieldIds,
  errors: string[],
  view: ReactNode,
) {
  const def = inst.def;
  const description = def.description ? (
    <p id={ids.desc} className="description" part="description">
      {def.description}
    </p>
  ) : null;
  // spec §9 "Default layout: label and description above": below only when asked for.
  const descAbove = def.desc_position !== 'below';
  return (
    <>
      {descAbove && description}
      {view}
      {!descAbove && description}
      <FieldMessages ids={ids} charLeft={field.charLeft} errors={errors} messages={messages} />
      <RepeatButton
        repeater={def.repeater}
        bound={Boolean(def.repeater_bind)}
        isClone={field.isClone}
        cloneIndex={inst.cloneIndex}
        clonedCount={field.clonedCount}
        max={def.repeater_max}
        label={def.label ?? def.elementId}
        addLabel={def.repeater_add_label}
        removeLabel={def.repeater_remove_label}
        messages={messages}
        onAdd={() => controller.addClone(inst.id)}
        onRemove={() => controller.removeClone(inst.id)}
      />
    </>
  );
}
