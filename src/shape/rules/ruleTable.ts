/**
 * The one table of shape rules, keyed by `domain::OpType` (the default domain is written
 * `ai.onnx`). Adding an op means adding one entry to its family file.
 */
import type { ShapeRule } from '../ruleContext';
import { CONTRIB_RULES } from './contrib';
import { CONTROL_FLOW_RULES } from './controlFlow';
import { DATA_DEPENDENT_RULES } from './dataDependent';
import { ELEMENTWISE_RULES } from './elementwise';
import { GENERATOR_RULES } from './generators';
import { IMAGE_RULES } from './imageOps';
import { INDEXING_RULES } from './indexingOps';
import { ML_RULES } from './ml';
import { NCHWC_RULES, NHWC_CONTRIB_RULES } from './layoutOps';
import { NN_RULES } from './nn';
import { QUANT_RULES } from './quant';
import { REDUCE_RULES } from './reduce';
import { SEQUENCE_RULES } from './sequence';
import { SHAPE_OP_RULES } from './shapeOps';
import { TEXT_AND_LOSS_RULES } from './textAndLoss';

/** Display name of a domain: '' and 'ai.onnx' are both written 'ai.onnx'. */
export function domainName(domain: string): string {
  return domain === '' ? 'ai.onnx' : domain;
}

function withDomain(domain: string, rules: Record<string, ShapeRule>): [string, ShapeRule][] {
  return Object.entries(rules).map(([op, rule]) => [`${domain}::${op}`, rule]);
}

/** Every rule by `domain::OpType`. */
export const SHAPE_RULES: ReadonlyMap<string, ShapeRule> = new Map([
  ...withDomain('ai.onnx', { ...ELEMENTWISE_RULES, ...SHAPE_OP_RULES, ...INDEXING_RULES, ...REDUCE_RULES, ...NN_RULES, ...QUANT_RULES, ...DATA_DEPENDENT_RULES, ...SEQUENCE_RULES, ...CONTROL_FLOW_RULES, ...GENERATOR_RULES, ...IMAGE_RULES, ...TEXT_AND_LOSS_RULES }),
  ...withDomain('com.microsoft', CONTRIB_RULES),
  ...withDomain('com.microsoft', NHWC_CONTRIB_RULES),
  ...withDomain('com.microsoft', { LayerNormalization: NN_RULES.LayerNormalization, SimplifiedLayerNormalization: NN_RULES.SimplifiedLayerNormalization }),
  ...withDomain('ai.onnx.ml', ML_RULES),
  ...withDomain('com.microsoft.nchwc', NCHWC_RULES),
]);

/** The rule for an op, or undefined. */
export function findRule(domain: string, opType: string): ShapeRule | undefined {
  return RULES_BY_DOMAIN.get(domainName(domain))?.get(opType);
}

/** SHAPE_RULES by domain, then op type, so that a lookup per node builds no key string. */
const RULES_BY_DOMAIN: ReadonlyMap<string, ReadonlyMap<string, ShapeRule>> = (() => {
  const out = new Map<string, Map<string, ShapeRule>>();
  for (const [key, rule] of SHAPE_RULES) {
    const at = key.indexOf('::');
    let ops = out.get(key.slice(0, at));
    if (!ops) out.set(key.slice(0, at), (ops = new Map()));
    ops.set(key.slice(at + 2), rule);
  }
  return out;
})();
