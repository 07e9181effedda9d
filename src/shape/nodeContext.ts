/**
 * Builds the RuleContext a shape rule sees for one node in one pass: attribute readers, the
 * pass's dim arithmetic, data-dependent symbols and body inference.
 */
import type { Attribute, FunctionInfo, Graph, TensorInfo } from '../onnx/model';
import type { DimOps, RuleContext, ShapeNode, Val } from './ruleContext';
import { domainName } from '../onnx/domain';
import type { ShapeRule } from './ruleContext';
import { addDims, divDims, mulDims, subDims, symbolDim } from './symbolicDim';
import type { SymDim } from './types';

/** Settings shared by every node of one pass. */
export interface PassSettings {
  isStatic: boolean;
  bindings: Record<string, number>;
  /** Opset per domain name ('ai.onnx' for the default domain). */
  opsets: Record<string, number>;
  functions: Map<string, FunctionInfo>;
  /** False for IR < 4 models, whose initializers stay constant even when listed as inputs. */
  canOverrideInitializers: boolean;
  /** Names of the data-dependent symbols generated so far in this pass. */
  generated: Set<string>;
  /**
   * Runtime pass: the symbols standing for a Loop's iteration number in its body's contents. A dim
   * made of one changes from iteration to iteration, so it is unknown (inferShapes clears it).
   */
  iterationSymbols?: Set<string>;
  /** Runtime pass of a Loop body inferred on its own: the input holding the iteration number (InferShapesOptions). */
  iterationInput?: { name: string; symbol: string };
  /** The shape rule of an op (the op registry's, src/ops), or undefined for an op without one. */
  rules: ShapeRuleLookup;
  /** The graph's value_info is ORT's own NodeArg shapes (a graph ORT saved): see mergeDeclared. */
  declaredShapesAreOrts?: boolean;
  /** NCHWc block size of the modeled session; null or absent when unknown. */
  nchwcBlockSize?: number | null;
}

/** Finds the shape rule of `domain::opType` (either spelling of the default domain). */
export type ShapeRuleLookup = (domain: string, opType: string) => ShapeRule | undefined;

/**
 * ONNX static arithmetic: numbers combine; a symbol survives only an identity step (×1, +0, ÷1),
 * as ONNX's Dim operators do; anything else is unknown.
 */
const STATIC_DIMS: DimOps = {
  add: (a, b) => (b === 0 ? a : a === 0 ? b : typeof a === 'number' && typeof b === 'number' ? a + b : null),
  sub: (a, b) => (b === 0 ? a : typeof a === 'number' && typeof b === 'number' ? a - b : null),
  mul: (a, b) => (b === 1 ? a : a === 1 ? b : typeof a === 'number' && typeof b === 'number' ? a * b : null),
  div: (a, b) => (b === 1 ? a : typeof a === 'number' && typeof b === 'number' && b !== 0 ? Math.floor(a / b) : null),
};

const RUNTIME_DIMS: DimOps = { add: addDims, sub: subDims, mul: mulDims, div: divDims };

/** The context for one node in one pass; a class so that per-node setup allocates no closures. */
class NodeRuleContext implements RuleContext {
  readonly opset: number;
  readonly isStatic: boolean;
  readonly dim: DimOps;
  readonly nchwcBlockSize: number | null;

  constructor(
    private readonly pass: PassSettings,
    readonly node: ShapeNode,
    readonly label: string,
    readonly inputs: (Val | null)[],
    private readonly bodyInferrer: (g: Graph, formals: (Val | null)[]) => Val[],
  ) {
    this.opset = pass.opsets[domainName(node.domain)] ?? 0;
    this.isStatic = pass.isStatic;
    this.dim = pass.isStatic ? STATIC_DIMS : RUNTIME_DIMS;
    this.nchwcBlockSize = pass.nchwcBlockSize ?? null;
  }

  hasOutput(i: number): boolean {
    return Boolean(this.node.outputs[i]);
  }

  attr(name: string): Attribute | undefined {
    return this.node.attributes.find((a) => a.name === name);
  }

  // A present scalar attribute without its field holds the protobuf default (0 / ''), not the op default.
  int(name: string, dflt: number): number {
    const a = this.attr(name);
    return a ? (a.i ?? 0) : dflt;
  }

  intOrNull(name: string): number | null {
    const a = this.attr(name);
    return a ? (a.i ?? 0) : null;
  }

  ints(name: string): number[] | null {
    const a = this.attr(name);
    return a ? (a.ints ?? []) : null;
  }

  float(name: string, dflt: number): number {
    const a = this.attr(name);
    return a ? (a.f ?? 0) : dflt;
  }

  floats(name: string): number[] | null {
    const a = this.attr(name);
    return a ? (a.floats ?? []) : null;
  }

  string(name: string, dflt: string): string {
    const a = this.attr(name);
    return a ? (a.s ?? '') : dflt;
  }

  tensorAttr(name: string): TensorInfo | null {
    return this.attr(name)?.t ?? null;
  }

  dataDependent(what: string): SymDim {
    if (this.pass.isStatic) return null;
    const name = `${this.label}.${what}`;
    this.pass.generated.add(name);
    const bound = this.pass.bindings[name];
    return typeof bound === 'number' ? bound : symbolDim(name);
  }

  iterationNumber(): SymDim {
    if (this.pass.isStatic) return null;
    const name = `${this.label}.iteration`;
    (this.pass.iterationSymbols ??= new Set()).add(name);
    return symbolDim(name);
  }

  inferBody(graph: Graph, inputs: (Val | null)[]): Val[] {
    return this.bodyInferrer(graph, inputs);
  }
}

/** The context for `node` in the given pass. */
export function makeRuleContext(
  pass: PassSettings,
  node: ShapeNode,
  label: string,
  inputs: (Val | null)[],
  inferBody: (g: Graph, formals: (Val | null)[]) => Val[],
): RuleContext {
  return new NodeRuleContext(pass, node, label, inputs, inferBody);
}
