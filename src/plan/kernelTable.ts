/**
 * Alias and in-place declarations of ORT 1.30's CPU kernels (ort-planner.md §2, "CPU kernels that
 * declare alias or in-place"): one entry per op. Pairs are (input index, output index).
 *
 * - `alias`: the output must share the input's buffer (no size or use-count check).
 * - `variadicAlias`: input `inputOffset + k` aliases output `outputOffset + k`.
 * - `mayInplace`: the output may take the input's buffer when this node is the root's last user
 *   and the shapes pass SameSize.
 * Ops without an entry declare nothing: their outputs get a fresh or a dead buffer.
 */
import { normalizeDomain } from '../onnx/domain';

/** A kernel's declarations, valid from opset `sinceVersion` of its domain on. */
export interface KernelDecl {
  alias?: readonly (readonly [number, number])[];
  variadicAlias?: { inputOffset: number; outputOffset: number };
  mayInplace?: readonly (readonly [number, number])[];
  /** First opset of the domain this declaration applies to (default 1). */
  sinceVersion?: number;
}

const A00 = { alias: [[0, 0]] } as const;
const I00 = { mayInplace: [[0, 0]] } as const;

/** Declarations keyed by `domain::opType` ('' is ai.onnx). A list holds version ranges, newest first. */
export const KERNEL_TABLE: Readonly<Record<string, readonly KernelDecl[]>> = {
  // Views that must alias their data input.
  '::Reshape': [A00],
  '::Flatten': [A00],
  '::Squeeze': [A00],
  '::Unsqueeze': [A00],
  '::Identity': [A00],
  '::Optional': [A00],
  '::OptionalGetElement': [A00],
  'com.microsoft::ExpandDims': [A00],
  // Training-mode running statistics are written into the mean/var inputs' buffers from opset 9.
  '::BatchNormalization': [{ alias: [[3, 1], [4, 2]], sinceVersion: 9 }, {}],
  // Dropout copies: 7-11 uses IdentityOp without Alias, 12+ declares nothing.
  '::Dropout': [{}],
  // Element-wise kernels that may overwrite their input.
  '::Cast': [I00],
  '::Softmax': [I00],
  '::LogSoftmax': [I00],
  '::Relu': [I00],
  '::Sigmoid': [I00],
  '::Tanh': [I00],
  '::Elu': [I00],
  '::LeakyRelu': [I00],
  '::Selu': [I00],
  '::Softplus': [I00],
  '::Softsign': [I00],
  '::HardSigmoid': [I00],
  '::Celu': [I00],
  '::ThresholdedRelu': [I00],
  '::Clip': [I00],
  '::Scatter': [I00],
  '::ScatterElements': [I00],
  '::Trilu': [I00],
  '::Shrink': [I00],
  '::DFT': [I00],
  '::TensorScatter': [I00],
  '::HannWindow': [I00],
  '::HammingWindow': [I00],
  '::BlackmanWindow': [I00],
  '::ParametricSoftplus': [I00],
  '::ScaledTanh': [I00],
  'ai.onnx.ml::Scaler': [I00],
  'ai.onnx.ml::TreeEnsembleClassifier': [I00],
  'ai.onnx.ml::TreeEnsembleRegressor': [I00],
  'ai.onnx.ml::TreeEnsemble': [I00],
  'ai.onnx.ml::Normalizer': [I00],
  // Fused kernels that may accumulate into their "sum" input.
  'com.microsoft::FusedConv': [{ mayInplace: [[3, 0]] }],
  'com.microsoft.nchwc::Conv': [{ mayInplace: [[3, 0]] }],
  'com.microsoft::DecoderMaskedMultiHeadAttention': [{ mayInplace: [[5, 1], [6, 2]] }],
};

const NONE: KernelDecl = {};

/**
 * KERNEL_TABLE by domain, then op type: a lookup per node output then builds no `domain::op` key
 * string (which V8 must flatten and hash on every call).
 */
const KERNELS_BY_DOMAIN: ReadonlyMap<string, ReadonlyMap<string, readonly KernelDecl[]>> = splitByDomain(KERNEL_TABLE);

function splitByDomain<T>(table: Record<string, T>): Map<string, Map<string, T>> {
  const out = new Map<string, Map<string, T>>();
  for (const [key, value] of Object.entries(table)) {
    const at = key.indexOf('::');
    const domain = key.slice(0, at);
    let ops = out.get(domain);
    if (!ops) out.set(domain, (ops = new Map()));
    ops.set(key.slice(at + 2), value);
  }
  return out;
}

/** The declarations of `domain::opType` at `opsetVersion` of its domain; an empty declaration when the op has none. */
export function lookupKernel(opType: string, domain: string, opsetVersion: number | undefined): KernelDecl {
  const d = normalizeDomain(domain);
  const entries = KERNELS_BY_DOMAIN.get(d)?.get(opType);
  if (!entries) return NONE;
  const v = opsetVersion ?? Number.MAX_SAFE_INTEGER;
  return entries.find((e) => (e.sinceVersion ?? 1) <= v) ?? NONE;
}
