/**
 * fp16 kernel coverage of ORT 1.30's CPU EP on linux-x64 / Apple (ort-graph-at-disabled.md §3),
 * one entry per op. ARM64 builds with fp16 acceleration register more fp16 kernels; not modelled.
 *
 *   'native'  N: an fp16 kernel exists, the node stays fp16
 *   'cast'    C: no fp16 kernel; InsertCastTransformer runs it in fp32 between Casts
 *   'inline'  I: no fp16 kernel but a function body; the node is expanded and its body ops follow N/C
 *   'fail'    ORT cannot place the node: session creation fails
 */
import { isOnnxDomain } from '../../onnx/domain';

/** How the CPU EP treats an fp16 node of one op. */
export type Fp16Coverage = 'native' | 'cast' | 'inline' | 'fail';

interface OpEntry {
  /** Coverage for fp16 inputs at a model ai.onnx opset. */
  fp16: (opset: number) => Fp16Coverage;
  /** Variadic input/output formals: only the first actual argument is a typed formal for §4a. */
  variadicInputs?: boolean;
  variadicOutputs?: boolean;
  /** True when the CPU EP has no kernel for any type, so the node is always expanded (CastLike...). */
  noKernel?: (opset: number) => boolean;
}

const N: OpEntry = { fp16: () => 'native' };
const C: OpEntry = { fp16: () => 'cast' };
const I: OpEntry = { fp16: () => 'inline' };
const NV: OpEntry = { fp16: () => 'native', variadicInputs: true };
const CV: OpEntry = { fp16: () => 'cast', variadicInputs: true };
const inlineAt = (test: (opset: number) => boolean): OpEntry => ({ fp16: (o) => (test(o) ? 'inline' : 'cast') });
const only18 = inlineAt((o) => o === 18);
const from16to18 = inlineAt((o) => o >= 16 && o <= 18);
const from18 = inlineAt((o) => o >= 18);

/** ai.onnx ops (and ORT's own ops registered in the ai.onnx domain). */
const ONNX_OPS: Record<string, OpEntry> = {
  Identity: N,
  Cast: N,
  Shape: N,
  Reshape: N,
  Transpose: N,
  Concat: NV,
  Split: { fp16: () => 'native', variadicOutputs: true },
  Slice: N,
  Gather: N,
  GatherElements: N,
  GatherND: N,
  Squeeze: N,
  Unsqueeze: N,
  Expand: N,
  Flatten: N,
  ScatterND: N,
  ScatterElements: N,
  Max: NV,
  Min: NV,
  Mod: N,
  Clip: N,
  Round: N,
  Sign: N,
  IsNaN: N,
  IsInf: { fp16: (o) => (o >= 20 ? 'native' : 'cast') },
  Shrink: N,
  LayerNormalization: N,
  SimplifiedLayerNormalization: N,
  RMSNormalization: N,
  RotaryEmbedding: N,
  Attention: N,
  Sigmoid: C,
  Tanh: C,
  Exp: C,
  Log: C,
  Sqrt: C,
  Reciprocal: C,
  Neg: C,
  Abs: C,
  Erf: C,
  Sin: C,
  Cos: C,
  Floor: C,
  Ceil: C,
  Hardmax: C,
  Softmax: inlineAt((o) => o >= 13),
  LogSoftmax: inlineAt((o) => o >= 13),
  Add: C,
  Sub: C,
  Mul: C,
  Div: C,
  Pow: C,
  Mean: CV,
  Sum: CV,
  Equal: C,
  Less: C,
  Greater: C,
  Where: C,
  ReduceMean: C,
  ReduceSum: C,
  ReduceMax: C,
  ReduceMin: C,
  ReduceProd: C,
  ArgMax: C,
  ArgMin: C,
  CumSum: C,
  TopK: C,
  Tile: C,
  Pad: C,
  Size: C,
  Trilu: C,
  DepthToSpace: C,
  Resize: C,
  Dropout: C,
  Einsum: C,
  EyeLike: C,
  MatMul: C,
  Gemm: C,
  Conv: C,
  ConvTranspose: C,
  MaxPool: C,
  AveragePool: C,
  GlobalAveragePool: C,
  GlobalMaxPool: C,
  BatchNormalization: C,
  InstanceNormalization: C,
  LpNormalization: C,
  HardSwish: { ...I, noKernel: () => true },
  Mish: { ...I, noKernel: () => true },
  Gelu: I,
  CastLike: { ...I, noKernel: () => true },
  GroupNormalization: { ...I, noKernel: () => true },
  Swish: { fp16: (o) => (o === 24 ? 'inline' : 'fail'), noKernel: () => true },
  Relu: only18,
  Elu: only18,
  Selu: only18,
  HardSigmoid: only18,
  Softplus: only18,
  Softsign: only18,
  ThresholdedRelu: only18,
  LeakyRelu: from16to18,
  PRelu: from16to18,
  LessOrEqual: from16to18,
  GreaterOrEqual: from16to18,
  ReduceL1: from18,
  ReduceSumSquare: from18,
  ReduceLogSum: from18,
  ReduceL2: only18,
  ReduceLogSumExp: only18,
  // The expanded body fails ORT's type inference at 13 and 18, so the session does not load.
  MeanVarianceNormalization: { fp16: (o) => (o === 13 || o === 18 ? 'fail' : 'cast') },
};

/** com.microsoft contrib ops. */
const MS_OPS: Record<string, OpEntry> = {
  SkipLayerNormalization: N,
  SkipSimplifiedLayerNormalization: N,
  RotaryEmbedding: N,
  MatMulNBits: N,
  GroupQueryAttention: N,
  BiasGelu: C,
  MultiHeadAttention: C,
  Gelu: I,
  FastGelu: I,
  QuickGelu: I,
};

function entry(opType: string, domain: string): OpEntry | undefined {
  if (isOnnxDomain(domain)) return ONNX_OPS[opType];
  if (domain === 'com.microsoft') return MS_OPS[opType];
  return undefined;
}

/** fp16 coverage of an op at the model's ai.onnx opset, or null when the table has no row for it. */
export function fp16Coverage(opType: string, domain: string, onnxOpset: number): Fp16Coverage | null {
  return entry(opType, domain)?.fp16(onnxOpset) ?? null;
}

/** True for ops the CPU EP has no kernel for at all (any dtype), which ORT always expands. */
export function hasNoCpuKernel(opType: string, domain: string, onnxOpset: number): boolean {
  return entry(opType, domain)?.noKernel?.(onnxOpset) ?? false;
}

/** Whether only the first actual input / output is a typed formal (variadic schemas, §4a). */
export function variadicFormals(opType: string, domain: string): { inputs: boolean; outputs: boolean } {
  const e = entry(opType, domain);
  return { inputs: e?.variadicInputs ?? false, outputs: e?.variadicOutputs ?? false };
}
