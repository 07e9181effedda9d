/** Types of scripts/skipPolicy.mjs, for the TypeScript tests that import it. */
export interface Skip {
  file: string | null;
  name: string;
  reason: string;
}
/** True when `reason` says a corpus folder is missing and that folder really is absent. */
export function isCorpusSkip(reason: unknown, root?: string, exists?: (path: string) => boolean): boolean;
/** The skips that a CI run must fail on: every skip except a missing corpus folder. */
export function disallowedSkips<T extends { reason: unknown }>(skips: T[], root?: string, exists?: (path: string) => boolean): T[];
/** One line per skip: `file › test name: reason`. */
export function describeSkip(skip: Skip): string;
