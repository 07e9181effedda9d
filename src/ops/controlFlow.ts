/**
 * If, Loop and Scan: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, declaresNoAlias, noFp16Row, noFunctionBody, notModelled, noWorkspaceFormula, packsNothing, scratchOrderUnknown, type OpEntry, sequenceRule } from './facets';
import { carriesAppended } from './sequenceRule';
import { CONTROL_FLOW_RULES } from '../shape/rules/controlFlow';

export const CONTROL_FLOW_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'If', {
    shape: shapeRule(CONTROL_FLOW_RULES.If),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('control-flow kernel allocations are not modelled; body steps are estimated on their own', 'core/providers/cpu/controlflow/if.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Loop', {
    shape: shapeRule(CONTROL_FLOW_RULES.Loop),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('control-flow kernel allocations are not modelled; body steps are estimated on their own', 'core/providers/cpu/controlflow/loop.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
    sequence: sequenceRule(carriesAppended, 'core/providers/cpu/controlflow/loop.cc'),
  }),
  op('ai.onnx', 'Scan', {
    shape: shapeRule(CONTROL_FLOW_RULES.Scan),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled('control-flow kernel allocations are not modelled; body steps are estimated on their own', 'core/providers/cpu/controlflow/scan_9.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SequenceMap', {
    shape: shapeRule(CONTROL_FLOW_RULES.SequenceMap),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
];
