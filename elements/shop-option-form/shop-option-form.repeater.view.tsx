import { fill } from '../../shared/format/messages.ts';
import type { OptionFormMessages } from './shop-option-form.settings.ts';

/**
 * The add or remove button of a repeatable field or section (spec §4: clones are added up to
 * `repeater_max`, the original included, and removing one renumbers the rest): an original shows
 * "Add another {label}" until the maximum, a clone "Remove {label} {number}". Labels from the
 * definition (`repeater_add_label`, `repeater_remove_label`) win. Nothing for bound repeaters,
 * whose count follows a field, the quantity or a formula.
 */
export function RepeatButton(props: {
  repeater: boolean;
  bound: boolean;
  isClone: boolean;
  /** 0 for the original, n for the n-th clone. */
  cloneIndex: number;
  clonedCount: number;
  max: number | undefined;
  label: string;
  addLabel: string | undefined;
  removeLabel: string | undefined;
  messages: OptionFormMessages;
  onAdd(): void;
  onRemove(): void;
}) {
  const { messages, label } = props;
  if (!props.repeater || props.bound) return null;
  if (props.isClone)
    return (
      <button type="button" className="link-button" part="remove-button" onClick={props.onRemove}>
        {props.removeLabel || fill(messages.removeLabel, { label, number: props.cloneIndex + 1 })}
      </button>
    );
  if (props.max !== undefined && props.clonedCount + 1 >= props.max) return null;
  return (
    <button type="button" className="link-button" part="add-button" onClick={props.onAdd}>
      {props.addLabel || fill(messages.addLabel, { label })}
    </button>
  );
}
