/**
 * The shape of an ONNX function body as the inliner consumes it, and small helpers to write bodies
 * compactly in the per-op tables (activationBodies, normalizationBodies, contribBodies).
 *
 * A body is a list of items in body order: constants (which ORT turns into initializers, taking no
 * node index) and nodes (which take consecutive new indices).
 */
import { DataType } from '../../onnx/dataType';
import type { Attribute, NodeCore } from '../../onnx/model';

/** A Constant of the body: becomes initializer `<prefix>_<name>`. */
export interface BodyConstant {
  kind: 'constant';
  name: string;
  dataType: number;
  dims: number[];
  values: number[];
}

/** A node of the body; value names are body-local until the inliner renames them. */
export interface BodyNode extends NodeCore {
  kind: 'node';
}

/** A function body with its formal parameter names. */
export interface FunctionBody {
  inputs: string[];
  outputs: string[];
  items: (BodyConstant | BodyNode)[];
}

/** What a body builder may look at: the call node, the model opset and value dtypes. */
export interface BodyContext {
  node: NodeCore;
  onnxOpset: number;
  dtypeOf: (value: string) => number | null;
}

/** AttributeProto type numbers (onnxSchema AttributeType). */
const INT = 2;
const FLOAT = 1;
const INTS = 7;

/** An INT attribute. */
export const iAttr = (name: string, i: number): Attribute => ({ name, type: INT, i });
/** A FLOAT attribute. */
export const fAttr = (name: string, f: number): Attribute => ({ name, type: FLOAT, f });
/** An INTS attribute. */
export const isAttr = (name: string, ints: number[]): Attribute => ({ name, type: INTS, ints });

/** A body node (unnamed, ai.onnx) writing `outputs`. */
export function n(outputs: string | string[], opType: string, inputs: string[], attributes: Attribute[] = []): BodyNode {
  return { kind: 'node', name: '', opType, domain: '', inputs, outputs: Array.isArray(outputs) ? outputs : [outputs], attributes };
}
/** A float32 scalar constant. */
export function scalarF(name: string, value: number): BodyConstant {
  return { kind: 'constant', name, dataType: DataType.FLOAT, dims: [], values: [value] };
}
/** An int64 constant, 1-D by default. */
export function i64(name: string, values: number[], dims: number[] = [values.length]): BodyConstant {
  return { kind: 'constant', name, dataType: DataType.INT64, dims, values };
}

/** The call's FLOAT attribute, or the schema default. */
export function attrF(node: NodeCore, name: string, fallback: number): number {
  return node.attributes.find((a) => a.name === name)?.f ?? fallback;
}
/** The call's INT attribute, or the schema default. */
export function attrI(node: NodeCore, name: string, fallback: number): number {
  return node.attributes.find((a) => a.name === name)?.i ?? fallback;
}
/** The call's STRING attribute, or the schema default. */
export function attrS(node: NodeCore, name: string, fallback: string): string {
  return node.attributes.find((a) => a.name === name)?.s ?? fallback;
}

/** `<name>Cast = CastLike(<name>, x)` after a float scalar constant, as the ONNX activation bodies write it. */
export function castLikeConst(name: string, value: number, like: string): (BodyConstant | BodyNode)[] {
  return [scalarF(name, value), n(`${name}Cast`, 'CastLike', [name, like])];
}

/** Builds a body for one call, or returns null when it cannot be reproduced. */
export type Builder = (ctx: BodyContext) => FunctionBody | null;

/** A scalar constant of the call's input type, as ORT's contrib bodies build them. */
export function typedScalar(name: string, dataType: number, value: number): BodyConstant {
  return { kind: 'constant', name, dataType, dims: [], values: [value] };
}
