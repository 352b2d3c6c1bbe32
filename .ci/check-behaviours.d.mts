// Types of check-behaviours.mjs for vite.config.ts (tsconfig has no allowJs).
/** One registration of `pageBehaviours` (shared/page/index.ts) as written. */
export interface BehaviourEntry {
  name: string;
  /** The selector when written as a string literal. */
  selector: string | undefined;
  /** The module's file in shared/page/, e.g. `tabs.ts`. */
  file: string;
  /** The export the entry loads, e.g. `installTabs`. */
  exported: string;
}
/** The problems of the page behaviours under `root` (the project root, ending in '/') and the registry's entries. */
export function checkBehaviours(root?: string): { problems: string[]; entries: BehaviourEntry[] };
