/**
 * ONNX quantization ops: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, declaresNoAlias, noFp16Row, noFunctionBody, workspaceFormula, zeroMeasured, zeroProbed, prepackRule, packsNothing, scratchOrderUnknown, scratchSplit, type OpEntry } from './facets';
import { oneBufferAfterOutputs } from './scratchFacts';
import { QUANT_RULES } from '../shape/rules/quant';
import { QUANT_WORKSPACE } from './workspace/quantWorkspace';
import { PREPACK_RULES } from './workspace/prepackRules';

export const QUANT_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'QuantizeLinear', {
    shape: shapeRule(QUANT_RULES.QuantizeLinear),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/quantization/quantize_linear.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'DequantizeLinear', {
    shape: shapeRule(QUANT_RULES.DequantizeLinear),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/quantization/quantize_linear.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'DynamicQuantizeLinear', {
    shape: shapeRule(QUANT_RULES.DynamicQuantizeLinear),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/quantization/dynamicquantizelinear.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'QLinearMatMul', {
    shape: shapeRule(QUANT_RULES.QLinearMatMul),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE.QLinearMatMul),
    prepack: prepackRule(PREPACK_RULES.QLinearMatMul),
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'core/providers/cpu/quantization/quantize_linear_matmul.cc'),
  }),
  op('ai.onnx', 'MatMulInteger', {
    shape: shapeRule(QUANT_RULES.MatMulInteger),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/quantization/matmul_integer.cc'),
    prepack: prepackRule(PREPACK_RULES.MatMulInteger),
    arenaScratch: scratchOrderUnknown,
  }),
];
