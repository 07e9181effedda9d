/**
 * Which initializers of ORT's optimized graph hold the same bytes, told without reading a weight.
 *
 * ORT 1.30 packs equal weights once per session: the prepacked buffer is keyed by the op type and
 * the weight's contents (measured: two MatMuls reading two distinct initializers with equal 32×32
 * contents hold one 4 KiB pack). The project never reads weights, but an initializer that ORT's
 * constant folding made carries the name of the node output it replaced, so its contents are the
 * value of that node's expression in the user's file: an op over inputs that are, recursively,
 * other folded expressions or the file's own initializers. Two folded initializers with the same
 * expression hold the same bytes. Silero VAD's two If branches both Unsqueeze the same LSTM
 * weights; after folding each branch has its own 256 KiB copies, and ORT packs them once.
 *
 * The key says "same contents" only where that is certain; unequal keys may still be equal bytes
 * (two file initializers with equal contents), which stays counted twice, an upper bound.
 */
import { createHash } from 'node:crypto';
import type { Attribute, Model, Node } from '../onnx/model';
import { forEachGraph } from '../onnx/graphWalk';

/** Deepest expression followed; deeper chains get a key of their own (no sharing). */
const MAX_DEPTH = 64;
/** Longer keys are replaced by their hash, so shared subexpressions cannot grow a key exponentially. */
const MAX_KEY_LENGTH = 256;

function attributeText(a: Attribute): string | null {
  // A graph or a tensor attribute (If bodies, Constant's value) is not compared by contents here.
  if (a.g || (a.graphs && a.graphs.length > 0) || a.t || (a.tensors && a.tensors.length > 0)) return null;
  return JSON.stringify([a.name, a.i ?? null, a.f ?? null, a.s ?? null, a.ints ?? null, a.floats ?? null, a.strings ?? null]);
}

/** A Constant node's key from the contents it declares (small tensors carry their values), else null. Its output name is unique (the caller checked). */
function constantKey(n: Node): string | null {
  const a = n.attributes[0];
  if (!a || n.attributes.length !== 1) return null;
  // A large one (values not kept) is known by its output, as an initializer is by its name.
  if (a.t) return a.t.values ? `const:${a.t.dataType}[${a.t.dims.join(',')}]=${a.t.values.join(',')}` : `constnode:${n.outputs[0] ?? ''}`;
  const text = attributeText(a);
  return text === null ? null : `const:${text}`;
}

/**
 * Content keys for the initializers of `optimized` that ORT's folding made from node outputs of
 * `file` (by name), and for those that keep a file initializer's name. Names the file does not
 * explain get no key (the caller keys them by graph and name).
 */
export function foldedContentKeys(file: Model, optimized: Model): Map<string, string> {
  const producers = new Map<string, Node | null>();
  const fileInitializers = new Map<string, number>();
  forEachGraph(file.graph, (g) => {
    for (const t of g.initializers) fileInitializers.set(t.name, (fileInitializers.get(t.name) ?? 0) + 1);
    for (const n of g.nodes) for (const o of n.outputs) if (o !== '') producers.set(o, producers.has(o) ? null : n);
  });
  const memo = new Map<string, string | null>();
  const keyOf = (name: string, depth: number): string | null => {
    if (memo.has(name)) return memo.get(name)!;
    memo.set(name, null);
    let key: string | null = null;
    if (fileInitializers.get(name) === 1 && !producers.has(name)) key = `init:${name}`;
    else if (depth < MAX_DEPTH) {
      const n = producers.get(name);
      if (n && n.opType === 'Constant' && (n.domain === '' || n.domain === 'ai.onnx')) key = constantKey(n);
      else if (n) {
        const attrs = n.attributes.map(attributeText);
        const inputs = n.inputs.map((i) => (i === '' ? '' : keyOf(i, depth + 1)));
        if (!attrs.includes(null) && !inputs.includes(null)) {
          key = `${n.domain}::${n.opType}#${n.outputs.indexOf(name)}(${inputs.join(',')})[${attrs.join(';')}]`;
          if (key.length > MAX_KEY_LENGTH) key = `sha1:${createHash('sha1').update(key).digest('hex')}`;
        }
      }
    }
    memo.set(name, key);
    return key;
  };
  const out = new Map<string, string>();
  forEachGraph(optimized.graph, (g) => {
    for (const t of g.initializers) {
      const key = keyOf(t.name, 0);
      if (key !== null) out.set(t.name, key);
    }
  });
  return out;
}
