/**
 * String and loss ops: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, declaresNoAlias, fp16Facts, noFp16Row, noFunctionBody, noWorkspaceFormula, packsNothing, scratchOrderUnknown, type OpEntry } from './facets';
import { I } from './fp16Facts';
import { TEXT_AND_LOSS_RULES } from '../shape/rules/textAndLoss';

export const TEXT_AND_LOSS_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'StringNormalizer', {
    shape: shapeRule(TEXT_AND_LOSS_RULES.StringNormalizer),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'StringSplit', {
    shape: shapeRule(TEXT_AND_LOSS_RULES.StringSplit),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'TfIdfVectorizer', {
    shape: shapeRule(TEXT_AND_LOSS_RULES.TfIdfVectorizer),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'ImageDecoder', {
    shape: shapeRule(TEXT_AND_LOSS_RULES.ImageDecoder),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'NegativeLogLikelihoodLoss', {
    shape: shapeRule(TEXT_AND_LOSS_RULES.NegativeLogLikelihoodLoss),
    kernel: declaresNoAlias,
    fp16: fp16Facts({ ...I, noKernel: () => true }, 'ORT 1.30 has no kernel for it (inference build) and expands its ONNX function body: node statistics of a probe show the nodes of the body, not the call'),
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SoftmaxCrossEntropyLoss', {
    shape: shapeRule(TEXT_AND_LOSS_RULES.SoftmaxCrossEntropyLoss),
    kernel: declaresNoAlias,
    fp16: fp16Facts({ ...I, noKernel: () => true }, 'ORT 1.30 has no kernel for it (inference build) and expands its ONNX function body: node statistics of a probe show the nodes of the body, not the call'),
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
];
