/**
 * Test support: runs applyOrtTransforms on ModelProto bytes and lists the result in DEFAULT order
 * as `index:name`, naming unnamed nodes `OpType_index` the way ORT's profile does.
 */
import { applyOrtTransforms } from '../../../../src/plan/ortTransforms/index';
import { computeExecutionOrder } from '../../../../src/plan/executionOrder';
import type { ExecGraph } from '../../../../src/plan/execGraph';
import { decodeModel, inferDtypes, toExecGraph } from './loadExecGraph';
import { decodeModelBytes, loadModel } from '../../../../src/onnx/loadModel';
import { buildExecGraph } from '../../../../src/plan/buildExecGraph';
import { execGraphToGraph } from '../../../../src/plan/execGraphToGraph';
import { inferShapes } from '../../../../src/shape/inferShapes';
import { opsetRecord } from '../../../../src/analyze/buildReport';
import { shapeRuleOf } from '../../../../src/ops/registry';

/** The transformed graph and its DEFAULT order as `index:name` strings. */
export interface TransformResult {
  exec: ExecGraph;
  order: string[];
}

/** Profile-style label of a node: its name, or `OpType_index` when unnamed. */
export function profileName(exec: ExecGraph, index: number): string {
  const n = exec.nodes[index]!;
  return n.name || `${n.opType}_${index}`;
}

/** Decodes, transforms and orders a model. */
export function transformModel(bytesOrPath: Uint8Array | string): TransformResult {
  const m = decodeModel(bytesOrPath);
  const exec = toExecGraph(m.graph);
  applyOrtTransforms(exec, { opsets: m.opsets, functions: m.functions, types: inferDtypes });
  return { exec, order: computeExecutionOrder(exec).map((i) => `${i}:${profileName(exec, i)}`) };
}

/** Shortens `InsertedPrecisionFreeCast_x` to `IPFC_x` so expected orders stay readable. */
export function short(label: string): string {
  return label.replace('InsertedPrecisionFreeCast_', 'IPFC_');
}

/** Like transformModel, but through the project's own decoder, ExecGraph builder and shape inference. */
export function transformWithProjectPipeline(bytesOrPath: Uint8Array | string): TransformResult {
  const { model } = typeof bytesOrPath === 'string' ? loadModel(bytesOrPath) : decodeModelBytes(bytesOrPath);
  const opsets = opsetRecord(model);
  const exec = buildExecGraph(model.graph);
  const types = (e: ExecGraph) => inferShapes(execGraphToGraph(e, model.graph.name), { rules: shapeRuleOf, opsets, functions: model.functions, irVersion: model.irVersion });
  applyOrtTransforms(exec, { opsets, functions: model.functions, types });
  return { exec, order: computeExecutionOrder(exec).map((i) => `${i}:${profileName(exec, i)}`) };
}
