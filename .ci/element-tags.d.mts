// Types of element-tags.mjs for vite.config.ts (tsconfig has no allowJs).
export const ROOT: string;
/** Tags of the elements, sorted: folders of `elements/` holding `<folder>.ts`. */
export function elementTags(root?: string): string[];
