import { useLayoutEffect, useRef } from 'react';
import { sanitizeToFragment } from './sanitize.ts';

/**
 * Shows HTML the shop sends on purpose (price HTML) after DOMPurify (DESIGN §9), inserted as a
 * sanitised DocumentFragment: no innerHTML, no dangerouslySetInnerHTML.
 */
export function SanitizedHtml({
  html,
  className,
  part,
}: {
  html: string;
  className?: string;
  part?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeToFragment(html));
  }, [html]);
  return <span ref={ref} className={className} part={part} />;
}
