import { useCallback, useEffect, useRef } from 'react';
import type { OptionFormController } from './shop-option-form.controller.ts';

/**
 * The `onProblem` a field's view reports through (issue 13): a value the view cannot post (a date
 * on a disabled weekday) blocks the form's submit and takes the focus to the field, through the
 * form's submit add-ons. Views report as they post, not after a render (a click may come first),
 * so the add-on is registered once, on the first problem, and reads the latest report.
 */
export function useFieldProblem(
  controller: OptionFormController,
  fieldId: string,
): (problem: boolean) => void {
  const problem = useRef(false);
  const removeAddon = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      removeAddon.current?.();
      removeAddon.current = null;
    },
    [],
  );
  return useCallback(
    (now: boolean) => {
      problem.current = now;
      if (!now || removeAddon.current) return;
      const remove = controller.addSubmitAddon({
        ready: () => {
          if (!problem.current) return true;
          controller.focusField(fieldId);
          return false;
        },
      });
      removeAddon.current = () => void remove();
    },
    [controller, fieldId],
  );
}
