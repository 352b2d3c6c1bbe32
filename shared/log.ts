/**
 * One prefix for everything the library writes to the console (issue 10): `<tag>:` for an
 * element, `storefront elements:` for shared modules, so a theme author can filter the console.
 */

/** Where a message comes from: an element's tag, or null for shared code. */
export type LogSource = string | null;

/** The prefix for `source`. */
export function logPrefix(source: LogSource): string {
  return source ? `<${source}>:` : 'storefront elements:';
}

/** `console.error` with the library's prefix. */
export function logError(source: LogSource, message: string, ...details: unknown[]): void {
  console.error(`${logPrefix(source)} ${message}`, ...details);
}

/** `console.warn` with the library's prefix. */
export function logWarning(source: LogSource, message: string, ...details: unknown[]): void {
  console.warn(`${logPrefix(source)} ${message}`, ...details);
}
