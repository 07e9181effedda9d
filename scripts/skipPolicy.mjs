// Which skipped tests a CI run accepts. The corpus of real models beside the checkout
// (../shared/corpus) is an optional extra test set, so a skip that names it as missing is fine;
// any other skip means a suite that should have run did not, and under CI=true that fails the run.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** A path inside the optional corpus folder, as the corpus tests name it in their skip messages. */
const CORPUS_PATH = /(?:[^\s'"`()]*[\\/])?shared[\\/]corpus(?:[\\/][^\s'"`(),;]*)?/;
/** Words a skip message uses to say the folder is not there. */
const ABSENT = /\b(absent|not found|missing|does not exist)\b/i;

/**
 * True when `reason` says a corpus folder is missing and that folder really is absent (a skip that
 * claims the corpus is missing while it is there is a bug, not an allowed skip). `root` resolves
 * relative paths such as ../shared/corpus; `exists` is injectable for tests.
 */
export function isCorpusSkip(reason, root = process.cwd(), exists = existsSync) {
  if (typeof reason !== 'string') return false;
  const m = CORPUS_PATH.exec(reason);
  if (!m || !ABSENT.test(reason)) return false;
  const path = m[0].replace(/[.:]+$/, '');
  return !exists(resolve(root, path));
}

/** The skips that a CI run must fail on: every skip except a missing corpus folder. */
export function disallowedSkips(skips, root = process.cwd(), exists = existsSync) {
  return skips.filter((s) => !isCorpusSkip(s.reason, root, exists));
}

/** One line per skip: `file › test name: reason` (a skip without a reason says so). */
export function describeSkip(skip) {
  const where = [skip.file, skip.name].filter((x) => x).join(' › ');
  return `${where}: ${typeof skip.reason === 'string' && skip.reason !== '' ? skip.reason : '(no reason given: every skip must say why)'}`;
}
