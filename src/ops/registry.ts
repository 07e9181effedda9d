/**
 * The operator registry: every op the project knows, one entry each (src/ops/<family>.ts), under
 * one key (`opKey`). Every per-op lookup of the pipeline goes through here: shape rules,
 * kernel declarations, fp16 coverage, function bodies, workspace and prepack rules.
 */
import { normalizeDomain } from '../onnx/domain';
import { LensError } from '../onnx/lensError';
import type { ShapeRule } from '../shape/ruleContext';
import { CONTRIB_OPS } from './contrib';
import { CONTROL_FLOW_OPS } from './controlFlow';
import { DATA_DEPENDENT_OPS } from './dataDependent';
import { ELEMENTWISE_OPS } from './elementwise';
import { EXTERNAL_OPS } from './external';
import type { OpEntry } from './facets';
import { GENERATOR_OPS } from './generators';
import { IMAGE_OPS } from './image';
import { INDEXING_OPS } from './indexing';
import { LAYOUT_OPS } from './layout';
import { ML_OPS } from './ml';
import { NN_OPS } from './nn';
import { QUANT_OPS } from './quant';
import { REDUCE_OPS } from './reduce';
import { SEQUENCE_OPS } from './sequence';
import { TENSOR_OPS } from './tensor';
import { TEXT_AND_LOSS_OPS } from './textAndLoss';

export { opKey, FACETS, type OpEntry, type Facet, type FacetName, type Evidence } from './facets';

/** Every family's entries. */
export const OP_FAMILIES: Readonly<Record<string, readonly OpEntry[]>> = {
  elementwise: ELEMENTWISE_OPS,
  tensor: TENSOR_OPS,
  indexing: INDEXING_OPS,
  reduce: REDUCE_OPS,
  nn: NN_OPS,
  quant: QUANT_OPS,
  dataDependent: DATA_DEPENDENT_OPS,
  sequence: SEQUENCE_OPS,
  controlFlow: CONTROL_FLOW_OPS,
  generators: GENERATOR_OPS,
  image: IMAGE_OPS,
  textAndLoss: TEXT_AND_LOSS_OPS,
  contrib: CONTRIB_OPS,
  ml: ML_OPS,
  layout: LAYOUT_OPS,
  external: EXTERNAL_OPS,
};

/** Every entry by key. Two entries with one key are a programming error, caught at load. */
export const OP_REGISTRY: ReadonlyMap<string, OpEntry> = (() => {
  const out = new Map<string, OpEntry>();
  for (const entries of Object.values(OP_FAMILIES)) {
    for (const e of entries) {
      if (out.has(e.key)) throw new LensError('internal', `The op registry has two entries for ${e.key}`);
      out.set(e.key, e);
    }
  }
  return out;
})();

/** The registry by normalised domain, then op type: a lookup per node builds no key string. */
const BY_DOMAIN: ReadonlyMap<string, ReadonlyMap<string, OpEntry>> = (() => {
  const out = new Map<string, Map<string, OpEntry>>();
  for (const e of OP_REGISTRY.values()) {
    let ops = out.get(e.domain);
    if (!ops) out.set(e.domain, (ops = new Map()));
    ops.set(e.opType, e);
  }
  return out;
})();

/** The entry of `domain::opType` (either spelling of the default domain), or undefined. */
export function findOp(domain: string, opType: string): OpEntry | undefined {
  return BY_DOMAIN.get(normalizeDomain(domain))?.get(opType);
}

/** The shape rule of an op, or undefined: what src/shape's inference is given as its rule lookup. */
export function shapeRuleOf(domain: string, opType: string): ShapeRule | undefined {
  const f = findOp(domain, opType)?.shape;
  return f?.present ? f.value : undefined;
}
