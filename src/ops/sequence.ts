/**
 * Sequence and optional ops: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, kernelDecl, declaresNoAlias, noFp16Row, noFunctionBody, notModelled, zeroProbed, packsNothing, scratchOrderUnknown, type OpEntry } from './facets';
import { A00 } from './kernelFacts';
import { SEQUENCE_RULES } from '../shape/rules/sequence';

export const SEQUENCE_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'SequenceConstruct', {
    shape: shapeRule(SEQUENCE_RULES.SequenceConstruct),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('sequence ops allocate element tensors that live on in the sequence value', 'core/providers/cpu/sequence/sequence_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SequenceEmpty', {
    shape: shapeRule(SEQUENCE_RULES.SequenceEmpty),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/sequence/sequence_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SequenceInsert', {
    shape: shapeRule(SEQUENCE_RULES.SequenceInsert),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('sequence ops allocate element tensors that live on in the sequence value', 'core/providers/cpu/sequence/sequence_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SequenceErase', {
    shape: shapeRule(SEQUENCE_RULES.SequenceErase),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('sequence ops allocate element tensors that live on in the sequence value', 'core/providers/cpu/sequence/sequence_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SequenceAt', {
    shape: shapeRule(SEQUENCE_RULES.SequenceAt),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('sequence ops allocate element tensors that live on in the sequence value', 'core/providers/cpu/sequence/sequence_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SequenceLength', {
    shape: shapeRule(SEQUENCE_RULES.SequenceLength),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/sequence/sequence_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SplitToSequence', {
    shape: shapeRule(SEQUENCE_RULES.SplitToSequence),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('sequence ops allocate element tensors that live on in the sequence value', 'core/providers/cpu/sequence/sequence_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ConcatFromSequence', {
    shape: shapeRule(SEQUENCE_RULES.ConcatFromSequence),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('sequence ops allocate element tensors that live on in the sequence value', 'core/providers/cpu/sequence/concat_from_sequence.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Optional', {
    shape: shapeRule(SEQUENCE_RULES.Optional),
    kernel: kernelDecl([A00], 'Views that must alias their data input.'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/optional/optional_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'OptionalHasElement', {
    shape: shapeRule(SEQUENCE_RULES.OptionalHasElement),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/optional/optional_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'OptionalGetElement', {
    shape: shapeRule(SEQUENCE_RULES.OptionalGetElement),
    kernel: kernelDecl([A00], 'Views that must alias their data input.'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/optional/optional_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
];
