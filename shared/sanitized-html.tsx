import { useLayoutEffect, useRef } from 'react';
import { logError } from './log.ts';
import { type Sanitizer, sanitizer } from './sanitizer.ts';

/**
 * Shows HTML the shop sends on purpose (price HTML, an option form's content) after DOMPurify
 * (DESIGN §9), inserted as a sanitised DocumentFragment: no innerHTML, no
 * dangerouslySetInnerHTML. The sanitiser is a lazy chunk (`sanitizer.ts`): until it arrives the
 * span stays empty; nothing unsanitised is ever shown.
 */
export function SanitizedHtml({
  html,
  price = false,
  className,
  part,
}: {
  html: string;
  /** Price HTML: only the price markup's tags and attributes are kept (`sanitizePriceToFragment`). */
  price?: boolean;
  className?: string;
  part?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const show = (module: Sanitizer) =>
      ref.current?.replaceChildren(
        price ? module.sanitizePriceToFragment(html) : module.sanitizeToFragment(html),
      );
    const now = sanitizer.loaded();
    if (now) {
      show(now);
      return;
    }
    let current = true;
    ref.current?.replaceChildren();
    sanitizer.load().then(
      (module) => current && show(module),
      (error: unknown) => logError(null, 'shop HTML could not be shown: the sanitiser did not load.', error),
    );
    return () => {
      current = false;
    };
  }, [html, price]);
  return <span ref={ref} className={className} part={part} />;
}
