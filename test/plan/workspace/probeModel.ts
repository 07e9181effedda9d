/** Turns a NodeCase into a single-node probe model (node named 'n') plus zero-filled feeds. */
import { readFileSync } from 'node:fs';
import { buildModel, node, tensor, tensorValue, attr } from '../../support/onnxBuilder';
import type { FeedSpec } from './ortScratchRunner';
import type { NodeCase } from './workspaceCase';

/** A probe: the node, its model opset, feed values and estimator extras. */
export interface OrtCase {
  name: string;
  spec: NodeCase;
  /** Default-domain opset of the probe model. */
  opset?: number;
  /** Feed values by input position (zeros otherwise). */
  feeds?: Record<number, number[]>;
  /** Extra env for the estimate (e.g. the GQA envelope). */
  maxTotalSequenceLength?: number;
  /** Intra-op threads of the probe's session (the suite's default otherwise). */
  threads?: number;
  /** Outputs the run writes into a feed's buffer (output name → feed name), as a caller binding them does. */
  boundOutputs?: Record<string, string>;
}

/** Per-core L2 as the OS reports it (ORT reads the same through cpuinfo); 1 MiB when unknown. */
export function machineL2Bytes(): number {
  try {
    const text = readFileSync('/sys/devices/system/cpu/cpu0/cache/index2/size', 'utf8').trim();
    const m = /^(\d+)([KM])$/.exec(text);
    if (m) return Number(m[1]) * (m[2] === 'M' ? 1024 * 1024 : 1024);
  } catch {
    // Not Linux or no sysfs: fall through to the documented default.
  }
  return 1024 * 1024;
}

function toAttrs(c: NodeCase): Record<string, unknown>[] {
  return Object.entries(c.attrs ?? {}).map(([k, v]) => {
    if (typeof v === 'number') return attr.int(k, v);
    if (typeof v === 'string') return attr.string(k, v);
    if (Array.isArray(v)) return attr.ints(k, v);
    if ('floats' in v) return attr.floats(k, v.floats);
    return attr.float(k, v.f);
  });
}

/** The probe model bytes and its feeds (constant inputs become initializers). */
export function probeModel(c: OrtCase): { bytes: Uint8Array; feeds: FeedSpec[] } {
  const s = c.spec;
  const constants = new Set(s.constant ?? []);
  const inputs = s.inputs.map((d, i) => (d ? `in${i}` : ''));
  const outSpecs = s.outputs ?? [null];
  const outputs = outSpecs.map((d, i) => (d ? `out${i}` : ''));
  const graphInputs: Record<string, unknown>[] = [];
  const initializers: Record<string, unknown>[] = [];
  const feeds: FeedSpec[] = [];
  s.inputs.forEach((d, i) => {
    if (!d) return;
    const dims = d[1] as number[];
    if (constants.has(i)) initializers.push(tensor(`in${i}`, d[0], dims, s.values?.[i] ? { values: s.values[i] } : {}));
    else {
      graphInputs.push(tensorValue(`in${i}`, d[0], dims));
      feeds.push({ name: `in${i}`, dtype: d[0], dims, values: c.feeds?.[i] });
    }
  });
  const bytes = buildModel({
    opset: c.opset ?? 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [node(s.op, inputs, outputs, { name: 'n', domain: s.domain ?? '', attrs: toAttrs(s) })],
    inputs: graphInputs,
    outputs: outputs.filter((n) => n !== '').map((n) => tensorValue(n, outSpecs[Number(n.slice(3))]![0], null)),
    initializers,
  });
  return { bytes, feeds };
}

