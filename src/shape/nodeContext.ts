/**
 * Builds the RuleContext a shape rule sees for one node in one pass: attribute readers, the
 * pass's dim arithmetic, data-dependent symbols and body inference.
 */
import type { FunctionInfo, Graph } from '../onnx/model';
import type { DimOps, RuleContext, ShapeNode, Val } from './ruleContext';
import { domainName } from './rules/ruleTable';
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
}

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

/** The context for `node` in the given pass. */
export function makeRuleContext(
  pass: PassSettings,
  node: ShapeNode,
  label: string,
  inputs: (Val | null)[],
  inferBody: (g: Graph, formals: (Val | null)[]) => Val[],
): RuleContext {
  const attr = (name: string) => node.attributes.find((a) => a.name === name);
  return {
    node,
    label,
    opset: pass.opsets[domainName(node.domain)] ?? 0,
    isStatic: pass.isStatic,
    inputs,
    dim: pass.isStatic ? STATIC_DIMS : RUNTIME_DIMS,
    hasOutput: (i) => Boolean(node.outputs[i]),
    attr,
    // A present scalar attribute without its field holds the protobuf default (0 / ''), not the op default.
    int: (name, dflt) => {
      const a = attr(name);
      return a ? (a.i ?? 0) : dflt;
    },
    intOrNull: (name) => {
      const a = attr(name);
      return a ? (a.i ?? 0) : null;
    },
    ints: (name) => {
      const a = attr(name);
      return a ? (a.ints ?? []) : null;
    },
    float: (name, dflt) => {
      const a = attr(name);
      return a ? (a.f ?? 0) : dflt;
    },
    floats: (name) => {
      const a = attr(name);
      return a ? (a.floats ?? []) : null;
    },
    string: (name, dflt) => {
      const a = attr(name);
      return a ? (a.s ?? '') : dflt;
    },
    tensorAttr: (name) => attr(name)?.t ?? null,
    dataDependent: (what): SymDim => {
      if (pass.isStatic) return null;
      const name = `${label}.${what}`;
      pass.generated.add(name);
      const bound = pass.bindings[name];
      return typeof bound === 'number' ? bound : symbolDim(name);
    },
    inferBody,
  };
}
