/**
 * What an ORT 1.30 CPU kernel's registration declares about buffer sharing (its KernelDefBuilder's
 * Alias, VariadicAlias and MayInplace; docs/ort-planner.md §2). Pairs are (input index, output index).
 *
 * - `alias`: the output must share the input's buffer (no size or use-count check).
 * - `variadicAlias`: input `inputOffset + k` aliases output `outputOffset + k`.
 * - `mayInplace`: the output may take the input's buffer when this node is the root's last user
 *   and the shapes pass SameSize.
 */

/** A kernel's declarations, valid from opset `sinceVersion` of its domain on. */
export interface KernelDecl {
  alias?: readonly (readonly [number, number])[];
  variadicAlias?: { inputOffset: number; outputOffset: number };
  mayInplace?: readonly (readonly [number, number])[];
  /** First opset of the domain this declaration applies to (default 1). */
  sinceVersion?: number;
}

/** Output 0 must alias input 0 (views: Reshape, Squeeze, Identity, ...). */
export const A00: KernelDecl = { alias: [[0, 0]] };
/** Output 0 may reuse input 0's buffer (element-wise kernels). */
export const I00: KernelDecl = { mayInplace: [[0, 0]] };
