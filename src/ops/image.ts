/**
 * Image ops: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, declaresNoAlias, fp16Facts, noFp16Row, noFunctionBody, zeroProbed, noWorkspaceFormula, packsNothing, scratchOrderUnknown, type OpEntry } from './facets';
import { I } from './fp16Facts';
import { IMAGE_RULES } from '../shape/rules/imageOps';

export const IMAGE_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'GridSample', {
    shape: shapeRule(IMAGE_RULES.GridSample),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/tensor/grid_sample.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'AffineGrid', {
    shape: shapeRule(IMAGE_RULES.AffineGrid),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/tensor/affine_grid.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'RoiAlign', {
    shape: shapeRule(IMAGE_RULES.RoiAlign),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/object_detection/roialign.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'MaxRoiPool', {
    shape: shapeRule(IMAGE_RULES.MaxRoiPool),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/nn/roi_pool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'MaxUnpool', {
    shape: shapeRule(IMAGE_RULES.MaxUnpool),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/nn/Unpool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'CenterCropPad', {
    shape: shapeRule(IMAGE_RULES.CenterCropPad),
    kernel: declaresNoAlias,
    fp16: fp16Facts({ ...I, noKernel: () => true }, 'ORT 1.30 has no kernel for it (inference build) and expands its ONNX function body: node statistics of a probe show the nodes of the body, not the call'),
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Det', {
    shape: shapeRule(IMAGE_RULES.Det),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/math/det.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
];
