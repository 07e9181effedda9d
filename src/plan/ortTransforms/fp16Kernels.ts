/**
 * fp16 coverage of ORT 1.30's CPU EP, read from each op's registry entry (src/ops/fp16Facts.ts
 * says what the values mean).
 */
import { normalizeDomain } from '../../onnx/domain';
import { findOp } from '../../ops/registry';
import type { Fp16Coverage, Fp16Facts } from '../../ops/fp16Facts';

export type { Fp16Coverage } from '../../ops/fp16Facts';

/** The fp16 row of the ai.onnx and com.microsoft ops; other domains have none. */
function entry(opType: string, domain: string): Fp16Facts | undefined {
  const d = normalizeDomain(domain);
  if (d !== '' && d !== 'com.microsoft') return undefined;
  const f = findOp(d, opType)?.fp16;
  return f?.present ? f.value : undefined;
}

/** fp16 coverage of an op at the model's ai.onnx opset, or null when the table has no row for it. */
export function fp16Coverage(opType: string, domain: string, onnxOpset: number): Fp16Coverage | null {
  return entry(opType, domain)?.fp16(onnxOpset) ?? null;
}

/** True for ops the CPU EP has no kernel for at all (any dtype), which ORT always expands. */
export function hasNoCpuKernel(opType: string, domain: string, onnxOpset: number): boolean {
  return entry(opType, domain)?.noKernel?.(onnxOpset) ?? false;
}

/** True when the op's CPU kernels do not take these input dtypes (its registry row says which do), so ORT expands it. */
export function hasNoCpuKernelForTypes(opType: string, domain: string, inputTypes: readonly (number | null)[], onnxOpset: number): boolean {
  return entry(opType, domain)?.noKernelForTypes?.(inputTypes, onnxOpset) ?? false;
}

/** True when whether the op has a CPU kernel depends on its input dtypes. */
export function kernelDependsOnTypes(opType: string, domain: string): boolean {
  return entry(opType, domain)?.noKernelForTypes !== undefined;
}

/** Whether only the first actual input / output is a typed formal (variadic schemas, §4a). */
export function variadicFormals(opType: string, domain: string): { inputs: boolean; outputs: boolean } {
  const e = entry(opType, domain);
  return { inputs: e?.variadicInputs ?? false, outputs: e?.variadicOutputs ?? false };
}
