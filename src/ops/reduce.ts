/**
 * Reductions and ArgMax/ArgMin: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, declaresNoAlias, fp16Facts, functionBody, noFunctionBody, zeroMeasured, packsNothing, scratchOrderUnknown, type OpEntry } from './facets';
import { C, only18, from18 } from './fp16Facts';
import { REDUCE_RULES } from '../shape/rules/reduce';
import { NORMALIZATION_BODIES } from './bodies/normalizationBodies';

export const REDUCE_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'ReduceSum', {
    shape: shapeRule(REDUCE_RULES.ReduceSum),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceProd', {
    shape: shapeRule(REDUCE_RULES.ReduceProd),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceMax', {
    shape: shapeRule(REDUCE_RULES.ReduceMax),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceMin', {
    shape: shapeRule(REDUCE_RULES.ReduceMin),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceMean', {
    shape: shapeRule(REDUCE_RULES.ReduceMean),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceL1', {
    shape: shapeRule(REDUCE_RULES.ReduceL1),
    kernel: declaresNoAlias,
    fp16: fp16Facts(from18),
    body: functionBody(NORMALIZATION_BODIES.ReduceL1),
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceL2', {
    shape: shapeRule(REDUCE_RULES.ReduceL2),
    kernel: declaresNoAlias,
    fp16: fp16Facts(only18),
    body: functionBody(NORMALIZATION_BODIES.ReduceL2),
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceLogSum', {
    shape: shapeRule(REDUCE_RULES.ReduceLogSum),
    kernel: declaresNoAlias,
    fp16: fp16Facts(from18),
    body: functionBody(NORMALIZATION_BODIES.ReduceLogSum),
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceLogSumExp', {
    shape: shapeRule(REDUCE_RULES.ReduceLogSumExp),
    kernel: declaresNoAlias,
    fp16: fp16Facts(only18),
    body: functionBody(NORMALIZATION_BODIES.ReduceLogSumExp),
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ReduceSumSquare', {
    shape: shapeRule(REDUCE_RULES.ReduceSumSquare),
    kernel: declaresNoAlias,
    fp16: fp16Facts(from18),
    body: functionBody(NORMALIZATION_BODIES.ReduceSumSquare),
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ArgMax', {
    shape: shapeRule(REDUCE_RULES.ArgMax),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ArgMin', {
    shape: shapeRule(REDUCE_RULES.ArgMin),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/reduction/reduction_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
];
