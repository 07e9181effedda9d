/**
 * Gather, Scatter and index ops: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, declaresNoAlias, fp16Facts, noFunctionBody, zeroMeasured, zeroFromSource, packsNothing, scratchOrderUnknown, type OpEntry } from './facets';
import { N } from './fp16Facts';
import { INDEXING_RULES } from '../shape/rules/indexingOps';

export const INDEXING_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'Split', {
    shape: shapeRule(INDEXING_RULES.Split),
    kernel: declaresNoAlias,
    fp16: fp16Facts({ fp16: () => 'native', variadicOutputs: true }),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/tensor/split.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Slice', {
    shape: shapeRule(INDEXING_RULES.Slice),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: zeroFromSource('core/providers/cpu/tensor/slice.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Gather', {
    shape: shapeRule(INDEXING_RULES.Gather),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/tensor/gather.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'GatherElements', {
    shape: shapeRule(INDEXING_RULES.GatherElements),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/tensor/gather_elements.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'GatherND', {
    shape: shapeRule(INDEXING_RULES.GatherND),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: zeroFromSource('core/providers/cpu/tensor/gather_nd.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
];
