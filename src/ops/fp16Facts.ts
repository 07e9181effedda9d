/**
 * How ORT 1.30's CPU EP on linux-x64 / Apple treats an fp16 node of one op
 * (docs/ort-graph-at-disabled.md §3). ARM64 builds with fp16 acceleration register more fp16
 * kernels; not modeled.
 *
 *   'native'  an fp16 kernel exists, the node stays fp16
 *   'cast'    no fp16 kernel; InsertCastTransformer runs it in fp32 between Casts
 *   'inline'  no fp16 kernel but a function body; the node is expanded and its body ops follow
 *   'fail'    ORT cannot place the node: session creation fails
 */

/** How the CPU EP treats an fp16 node of one op. */
export type Fp16Coverage = 'native' | 'cast' | 'inline' | 'fail';

/** One op's fp16 facts. */
export interface Fp16Facts {
  /** Coverage for fp16 inputs at a model ai.onnx opset. */
  fp16: (opset: number) => Fp16Coverage;
  /** Variadic input/output formals: only the first actual argument is a typed formal (§4a). */
  variadicInputs?: boolean;
  variadicOutputs?: boolean;
  /** True when the CPU EP has no kernel for any type, so the node is always expanded (CastLike...). */
  noKernel?: (opset: number) => boolean;
  /**
   * True when the CPU EP's kernels do not take these input dtypes (ONNX dtype codes, null where
   * unknown or absent), so ORT expands the node's function body instead of failing.
   */
  noKernelForTypes?: (inputTypes: readonly (number | null)[], opset: number) => boolean;
}

export const N: Fp16Facts = { fp16: () => 'native' };
export const C: Fp16Facts = { fp16: () => 'cast' };
export const I: Fp16Facts = { fp16: () => 'inline' };
export const NV: Fp16Facts = { fp16: () => 'native', variadicInputs: true };
export const CV: Fp16Facts = { fp16: () => 'cast', variadicInputs: true };
/** Inlined at the opsets `test` accepts, cast otherwise. */
export const inlineAt = (test: (opset: number) => boolean): Fp16Facts => ({ fp16: (o) => (test(o) ? 'inline' : 'cast') });
export const only18 = inlineAt((o) => o === 18);
export const from16to18 = inlineAt((o) => o >= 16 && o <= 18);
export const from18 = inlineAt((o) => o >= 18);
