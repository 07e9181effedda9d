/**
 * Ops that only ORT's optimized graphs hold (graphOptimizationLevel `all`): the NCHWc layout
 * transformer's `com.microsoft.nchwc` kernels (channels blocked by the MLAS NCHWc block size, a
 * session fact: 16 with AVX-512, 8 with AVX2) and the NHWC transformer's channels-last max pool.
 * Shape rules in src/shape/rules/layoutOps.ts; the `all` oracle batch checks them, and their zero
 * scratch, against ORT 1.30 (output shapes and node statistics).
 */
import {
  op,
  shapeRule,
  kernelDecl,
  declaresNoAlias,
  noFp16Row,
  noFunctionBody,
  zeroMeasured,
  workspaceFormula,
  packsNothing,
  scratchOrderUnknown,
  scratchSplit,
  type OpEntry,
} from './facets';
import { NCHWC_RULES, NHWC_CONTRIB_RULES } from '../shape/rules/layoutOps';
import { oneBufferAfterOutputs } from './scratchFacts';
import { QUANT_WORKSPACE } from './workspace/quantWorkspace';

/**
 * Their Compute (contrib_ops/cpu/nchwc_ops.cc) allocates only its output: MLAS's convolution and
 * pooling work buffers are MLAS's own thread-local memory (a private library allocation, an
 * uncovered term), and NchwcUpsample's interpolation tables are heap vectors, off the arena.
 */
const NCHWC_SOURCE = 'contrib_ops/cpu/nchwc_ops.cc';

const nchwc = (opType: string, kernel = declaresNoAlias): OpEntry =>
  op('com.microsoft.nchwc', opType, {
    shape: shapeRule(NCHWC_RULES[opType]!),
    kernel,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroMeasured(NCHWC_SOURCE),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  });

export const LAYOUT_OPS: readonly OpEntry[] = [
  nchwc('ReorderInput'),
  nchwc('ReorderOutput'),
  // The fused Sum input (index 3) may become the output's buffer, as with FusedConv.
  nchwc('Conv', kernelDecl([{ mayInplace: [[3, 0]] }], 'Fused kernels that may accumulate into their "sum" input.')),
  nchwc('MaxPool'),
  nchwc('AveragePool'),
  nchwc('GlobalMaxPool'),
  nchwc('GlobalAveragePool'),
  nchwc('Upsample'),
  op('com.microsoft', 'NhwcMaxPool', {
    shape: shapeRule(NHWC_CONTRIB_RULES.NhwcMaxPool!),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE['com.microsoft::NhwcMaxPool']),
    prepack: packsNothing,
    // nhwc_max_pool.cc takes Y, then the indirection table.
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'contrib_ops/cpu/quantization/nhwc_max_pool.cc'),
  }),
];
