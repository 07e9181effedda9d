/**
 * An exception that is not one of ours, raised inside a per-op rule (shape, workspace, prepack), is
 * a bug in that rule: it becomes LensError('internal') naming the rule, the op and the node, so the
 * user sees a bug report and the tests fail, instead of an "unavailable" size with a TypeError as
 * its reason. LensErrors (bad model, unknown size, ...) pass through unchanged.
 */
import { LensError } from './lensError';

/** `err` if it is a LensError, else an internal LensError: "Internal error in the <what> of <op> node '<node>': <message>". */
export function internalRuleError(err: unknown, what: string, opType: string, nodeName: string): LensError {
  if (err instanceof LensError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new LensError('internal', `Internal error in the ${what} of ${opType} node '${nodeName}': ${message}`, { cause: err });
}
