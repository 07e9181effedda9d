/**
 * Contents the user fixes for small main-graph inputs (`--value sr=16000`): a voice model picks
 * its If branch from a scalar sample-rate input, a detector its padding from an image-size input.
 * Each one is checked against the input's declaration before inference sees it, so a wrong name,
 * count or type is one clear error instead of a silently different plan.
 */
import { DataType, dataTypeName, isFloatType } from '../onnx/dataType';
import { LensError } from '../onnx/lensError';
import type { Graph } from '../onnx/model';
import { isUnnamedDim, unnamedInputDim } from '../shape/passValues';

/** At most this many elements per fixed input: the size of contents inference propagates. */
export const MAX_FIXED_ELEMENTS = 1024;

/** Checks `values` against the main graph's inputs under `bindings`; returns them unchanged or throws LensError('bad-argument'). */
export function checkInputValues(graph: Graph, values: Readonly<Record<string, readonly number[]>>, bindings: Readonly<Record<string, number>>): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [name, list] of Object.entries(values)) {
    const input = graph.inputs.find((i) => i.name === name);
    if (!input) {
      const names = graph.inputs.map((i) => i.name).slice(0, 8).join(', ');
      throw new LensError('bad-argument', `Cannot fix the contents of '${name}': the model has no graph input of that name (inputs: ${names || 'none'})`);
    }
    const t = input.type;
    if (!t || t.kind !== 'tensor') throw new LensError('bad-argument', `Cannot fix the contents of '${name}': it is not a tensor input`);
    if (t.elemType === DataType.STRING || t.elemType === DataType.UNDEFINED) throw new LensError('bad-argument', `Cannot fix the contents of '${name}': its element type ${dataTypeName(t.elemType)} is not numeric`);
    if (!t.shape) throw new LensError('bad-argument', `Cannot fix the contents of '${name}': its rank is not declared`);
    let count = 1;
    t.shape.forEach((declared, axis) => {
      const d = isUnnamedDim(declared) ? unnamedInputDim(name, axis) : declared;
      const n = typeof d === 'number' ? d : bindings[d];
      if (n === undefined) throw new LensError('bad-argument', `Cannot fix the contents of '${name}': its shape has the unbound dim '${d}' (bind it with --bind ${d}=N)`);
      count *= n;
    });
    if (count > MAX_FIXED_ELEMENTS) throw new LensError('bad-argument', `Cannot fix the contents of '${name}': it has ${count} elements, more than ${MAX_FIXED_ELEMENTS}`);
    if (list.length !== count) throw new LensError('bad-argument', `Cannot fix the contents of '${name}': its shape [${t.shape.join(', ')}] holds ${count} element${count === 1 ? '' : 's'}, ${list.length} given`);
    const isFloat = isFloatType(t.elemType);
    for (const v of list) {
      if (!Number.isFinite(v)) throw new LensError('bad-argument', `Cannot fix the contents of '${name}': '${v}' is not a finite number`);
      if (!isFloat && !Number.isInteger(v)) throw new LensError('bad-argument', `Cannot fix the contents of '${name}': ${dataTypeName(t.elemType)} holds integers, not ${v}`);
      if (t.elemType === DataType.BOOL && v !== 0 && v !== 1) throw new LensError('bad-argument', `Cannot fix the contents of '${name}': a bool is 0 or 1, not ${v}`);
    }
    out[name] = [...list];
  }
  return out;
}
