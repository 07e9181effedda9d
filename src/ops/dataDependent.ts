/**
 * Ops whose output size depends on input values (NonZero, Unique, TopK, NMS, ...): one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, declaresNoAlias, fp16Facts, noFp16Row, noFunctionBody, zeroMeasured, zeroProbed, packsNothing, scratchOrderUnknown, type OpEntry } from './facets';
import { C } from './fp16Facts';
import { DATA_DEPENDENT_RULES } from '../shape/rules/dataDependent';

export const DATA_DEPENDENT_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'NonZero', {
    shape: shapeRule(DATA_DEPENDENT_RULES.NonZero),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/tensor/nonzero_op.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Unique', {
    shape: shapeRule(DATA_DEPENDENT_RULES.Unique),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/tensor/unique.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Compress', {
    shape: shapeRule(DATA_DEPENDENT_RULES.Compress),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/tensor/compress.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'TopK', {
    shape: shapeRule(DATA_DEPENDENT_RULES.TopK),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/math/top_k.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'NonMaxSuppression', {
    shape: shapeRule(DATA_DEPENDENT_RULES.NonMaxSuppression),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/object_detection/non_max_suppression.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
];
