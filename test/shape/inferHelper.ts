/**
 * Test helper: builds a model with the onnxBuilder, decodes it with src/onnx and runs inferShapes.
 */
import { decodeModelBytes } from '../../src/onnx';
import type { Model } from '../../src/onnx/model';
import { inferShapes } from '../../src/shape';
import type { InferenceResult, InferredValue } from '../../src/shape/types';
import { buildModel, type ModelSpec } from '../support/onnxBuilder';
import { shapeRuleOf } from '../../src/ops/registry';

/** Opset map of a decoded model. */
export function opsetsOf(model: Model): Record<string, number> {
  const opsets: Record<string, number> = {};
  for (const o of model.opsets) opsets[o.domain] = o.version;
  return opsets;
}

/** Builds, decodes and infers a model; returns the model and the result. */
export function inferModel(spec: ModelSpec, bindings: Record<string, number> = {}): { model: Model; result: InferenceResult } {
  const { model } = decodeModelBytes(buildModel(spec));
  const result = inferShapes(model.graph, { rules: shapeRuleOf, opsets: opsetsOf(model), bindings, functions: model.functions, irVersion: model.irVersion });
  return { model, result };
}

/** The inferred value of `name`; throws when absent so a typo fails loudly. */
export function valueOf(result: InferenceResult, name: string): InferredValue {
  const v = result.values.get(name);
  if (!v) throw new Error(`no inferred value named '${name}'`);
  return v;
}

/** The runtime shape written with expressions as text (e.g. ['batch', 3, '2*seq']) for compact asserts. */
export function runtimeShape(v: InferredValue): (number | string | null)[] | null {
  return v.shape ? v.shape.map((d) => (d === null || typeof d === 'number' ? d : d.expr)) : null;
}
