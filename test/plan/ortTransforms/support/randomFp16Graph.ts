/**
 * Test support: seeded random fp16/fp32 graphs mixing ops the CPU EP runs natively in fp16,
 * ops it casts, functions it expands and user Casts, for comparing the transforms with ORT.
 */
import { attr, buildModel, DataType, node, tensor, tensorValue } from '../../../support/onnxBuilder';
import { mulberry32 as rng } from '../../../support/seededRandom';

const F16 = DataType.FLOAT16;
const F32 = DataType.FLOAT;


/** Unary and binary ops on [4,4] tensors that keep the shape and type. */
const UNARY = ['Sigmoid', 'Neg', 'Abs', 'Relu', 'Identity', 'Transpose', 'Clip', 'Softmax', 'Exp'];
const BINARY = ['Add', 'Mul', 'Sub', 'Max', 'MatMul', 'Min'];

/** A random model (opset 17) of `size` nodes; every value is [4,4]. */
export function randomFp16Model(seed: number, size: number): Uint8Array {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const values: { name: string; type: number }[] = [
    { name: 'X', type: F16 },
    { name: 'W', type: F16 },
    { name: 'V', type: F32 },
  ];
  const used = new Set<string>();
  const nodes: Record<string, unknown>[] = [];
  for (let i = 0; i < size; i++) {
    const out = `v${i}`;
    const roll = r();
    if (roll < 0.15) {
      const src = pick(values);
      const to = src.type === F16 ? F32 : F16;
      nodes.push(node('Cast', [src.name], [out], { name: `n${i}`, attrs: [attr.int('to', to)] }));
      values.push({ name: out, type: to });
      used.add(src.name);
      continue;
    }
    const a = pick(values);
    if (roll < 0.25) {
      // Variadic formals (§4a): Concat's inputs and Split's outputs count only their first argument.
      const b = pick(values.filter((v) => v.type === a.type));
      if (r() < 0.5) {
        nodes.push(node('Concat', [a.name, b.name], [`${out}_cat`], { name: `n${i}_cat`, attrs: [attr.int('axis', 0)] }));
        nodes.push(node('Slice', [`${out}_cat`, 'zero', 'four', 'zero'], [out], { name: `n${i}` }));
      } else {
        nodes.push(node('Split', [a.name], [`${out}_s0`, `${out}_s1`], { name: `n${i}_split`, attrs: [attr.int('axis', 0)] }));
        nodes.push(node('Concat', [`${out}_s1`, `${out}_s0`], [out], { name: `n${i}`, attrs: [attr.int('axis', 0)] }));
      }
      used.add(a.name);
      used.add(b.name);
      values.push({ name: out, type: a.type });
      continue;
    }
    if (roll < 0.55) {
      const op = pick(UNARY);
      nodes.push(node(op, [a.name], [out], { name: `n${i}` }));
    } else {
      const same = values.filter((v) => v.type === a.type);
      const b = pick(same);
      const op = pick(BINARY);
      nodes.push(node(op, [a.name, b.name], [out], { name: r() < 0.2 ? '' : `n${i}` }));
      used.add(b.name);
    }
    used.add(a.name);
    values.push({ name: out, type: a.type });
  }
  const leaves = values.filter((v) => v.name.startsWith('v') && !used.has(v.name));
  const extra = values.filter((v) => v.name.startsWith('v') && used.has(v.name) && r() < 0.1);
  return buildModel({
    nodes,
    inputs: [tensorValue('X', F16, [4, 4]), tensorValue('V', F32, [4, 4])],
    outputs: [...leaves, ...extra].map((v) => tensorValue(v.name, v.type, [4, 4])),
    initializers: [tensor('W', F16, [4, 4]), tensor('zero', DataType.INT64, [1], { values: [0] }), tensor('four', DataType.INT64, [1], { values: [4] })],
  });
}
