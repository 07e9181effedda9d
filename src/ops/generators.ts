/**
 * Generators: Constant-like, Range, random and window functions: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, kernelDecl, declaresNoAlias, fp16Facts, noFp16Row, functionBody, noFunctionBody, workspaceFormula, zeroProbed, noWorkspaceFormula, packsNothing, scratchOrderUnknown, scratchSplit, type OpEntry } from './facets';
import { I00 } from './kernelFacts';
import { I } from './fp16Facts';
import { oneBufferAfterOutputs, stftFrameBuffers } from './scratchFacts';
import { GENERATOR_RULES } from '../shape/rules/generators';
import { TENSOR_WORKSPACE } from './workspace/tensorWorkspace';
import { SIGNAL_WORKSPACE } from './workspace/signalWorkspace';
import { GENERATOR_BODIES } from './bodies/generatorBodies';

export const GENERATOR_OPS: readonly OpEntry[] = [
  // Constant is not run: ORT turns every Constant node into an initializer when it loads the graph
  // (docs/ort-graph-at-disabled.md §1), and inference reads its value attribute directly.
  op('ai.onnx', 'Constant', {
    shape: { present: false, reason: 'read directly by inference (its value attribute), never through a rule' },
    kernel: { present: false, reason: 'never runs: ORT converts it to an initializer at load' },
    fp16: { present: false, reason: 'never runs: ORT converts it to an initializer at load' },
    body: { present: false, reason: 'never runs: ORT converts it to an initializer at load' },
    workspace: { present: false, reason: 'never runs: ORT converts it to an initializer at load' },
    prepack: { present: false, reason: 'never runs: ORT converts it to an initializer at load' },
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'RandomNormal', {
    shape: shapeRule(GENERATOR_RULES.RandomNormal),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/generator/random.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'RandomUniform', {
    shape: shapeRule(GENERATOR_RULES.RandomUniform),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/generator/random.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'RandomNormalLike', {
    shape: shapeRule(GENERATOR_RULES.RandomNormalLike),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/generator/random.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'RandomUniformLike', {
    shape: shapeRule(GENERATOR_RULES.RandomUniformLike),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/generator/random.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Bernoulli', {
    shape: shapeRule(GENERATOR_RULES.Bernoulli),
    kernel: declaresNoAlias,
    fp16: fp16Facts({ ...I, noKernel: () => true }, 'ORT 1.30 has no Bernoulli kernel for any type and expands it (profile of the function_ops oracle model)'),
    body: functionBody(GENERATOR_BODIES.Bernoulli),
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Multinomial', {
    shape: shapeRule(GENERATOR_RULES.Multinomial),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(TENSOR_WORKSPACE.Multinomial),
    prepack: packsNothing,
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'core/providers/cpu/generator/random.cc'),
  }),
  op('ai.onnx', 'HannWindow', {
    shape: shapeRule(GENERATOR_RULES.HannWindow),
    kernel: kernelDecl([I00], 'Element-wise kernels that may overwrite their input.'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/signal/window_functions.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'HammingWindow', {
    shape: shapeRule(GENERATOR_RULES.HammingWindow),
    kernel: kernelDecl([I00], 'Element-wise kernels that may overwrite their input.'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/signal/window_functions.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'BlackmanWindow', {
    shape: shapeRule(GENERATOR_RULES.BlackmanWindow),
    kernel: kernelDecl([I00], 'Element-wise kernels that may overwrite their input.'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/signal/window_functions.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'MelWeightMatrix', {
    shape: shapeRule(GENERATOR_RULES.MelWeightMatrix),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/signal/window_functions.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'STFT', {
    shape: shapeRule(GENERATOR_RULES.STFT),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(SIGNAL_WORKSPACE.STFT),
    prepack: packsNothing,
    arenaScratch: scratchSplit(stftFrameBuffers, 'core/providers/cpu/signal/dft.cc'),
  }),
];
