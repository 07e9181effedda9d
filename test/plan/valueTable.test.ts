import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildExecGraph } from '../../src/plan/buildExecGraph';
import { execGraphToGraph } from '../../src/plan/execGraphToGraph';
import { typeAtIndex, valueTable } from '../../src/plan/valueTable';
import { inferenceIdsOf, inferShapes } from '../../src/shape/inferShapes';
import { shapeRuleOf } from '../../src/ops/registry';
import { DataType, attr, buildModel, graph, node, tensor, tensorValue } from '../support/onnxBuilder';

/** A graph with a weight, an unused input, an If reading an outer name, a node reading a name defined later, and '' slots. */
function model(): Uint8Array {
  const branch = (op: string) => graph({ name: op, nodes: [node(op, ['a'], ['t'])], inputs: [], outputs: [tensorValue('t', DataType.FLOAT, [2])] });
  return buildModel({
    nodes: [
      node('Add', ['x', 'w'], ['a'], { name: 'add' }),
      node('Dropout', ['a'], ['d', ''], { name: 'drop' }),
      node('If', ['c'], ['y'], { name: 'if', attrs: [attr.graph('then_branch', branch('Relu')), attr.graph('else_branch', branch('Neg'))] }),
      node('Mul', ['d', 'y'], ['z'], { name: 'mul' }),
    ],
    inputs: [tensorValue('x', DataType.FLOAT, [2]), tensorValue('c', DataType.BOOL, []), tensorValue('unused', DataType.FLOAT, [3])],
    outputs: [tensorValue('z', DataType.FLOAT, [2]), tensorValue('a', DataType.FLOAT, [2])],
    initializers: [tensor('w', DataType.FLOAT, [2])],
  });
}

test('valueTable() from the inference ids gives the same indices and slots as from names, and reads types by id', () => {
  const g = decodeModelBytes(model()).model.graph;
  const exec = buildExecGraph(g);
  const inference = inferShapes(execGraphToGraph(exec), { opsets: { '': 17 }, rules: shapeRuleOf });
  const ids = inferenceIdsOf(inference);
  assert.ok(ids);
  const plain = valueTable(exec);
  const joined = valueTable(exec, ids);
  assert.deepEqual(joined.names, plain.names);
  assert.deepEqual([...joined.slots], [...plain.slots]);
  assert.deepEqual([...joined.slotStart], [...plain.slotStart]);
  assert.deepEqual(plain.names, ['x', 'c', 'unused', 'w', 'a', 'd', 'y', 'z']);
  for (const [i, name] of plain.names.entries()) {
    assert.equal(joined.index.get(name), i, name);
    assert.equal(typeAtIndex(joined, ids, i) ?? inference.values.get(name), inference.values.get(name), name);
  }
  assert.equal(joined.index.get('t'), undefined, "a body's value is not the graph's");
  assert.equal(typeAtIndex(plain, ids, 0), undefined, 'a table made without ids reads none');
  // The inference of another graph object has other ids: nothing is read through them.
  const other = inferenceIdsOf(inferShapes(execGraphToGraph(exec), { opsets: { '': 17 }, rules: shapeRuleOf }));
  assert.equal(typeAtIndex(joined, other, 0), undefined);
});
