import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attr, buildModel, DataType, graph, node, tensorValue } from '../../support/onnxBuilder';
import { decodeModelBytes } from '../../../src/onnx/loadModel';
import { buildExecGraph } from '../../../src/plan/buildExecGraph';
import { computeExecutionOrder } from '../../../src/plan/executionOrder';
import { execGraphToGraph } from '../../../src/plan/execGraphToGraph';
import { applyOrtTransforms } from '../../../src/plan/ortTransforms/index';
import type { ExecGraph } from '../../../src/plan/execGraph';
import { inferShapes } from '../../../src/shape/inferShapes';
import type { InferredValue } from '../../../src/shape/types';
import { profileName } from './support/transformCase';
import { shapeRuleOf } from '../../../src/ops/registry';

const F16 = DataType.FLOAT16;

/** An If whose else branch runs fp16 Neg/Sigmoid/Transpose/Abs on the outer fp16 value X. */
const IF_WITH_FP16_BODY = buildModel({
  nodes: [
    node('If', ['C'], ['Y'], {
      name: 'if',
      attrs: [
        attr.graph('then_branch', graph({ name: 'then', nodes: [node('Identity', ['X'], ['t'], { name: 'tid' })], inputs: [], outputs: [tensorValue('t', F16, [4])] })),
        attr.graph(
          'else_branch',
          graph({
            name: 'else',
            nodes: [node('Neg', ['X'], ['e1'], { name: 'eneg' }), node('Sigmoid', ['e1'], ['e2'], { name: 'esig' }), node('Transpose', ['e2'], ['e3'], { name: 'etr' }), node('Abs', ['e3'], ['e'], { name: 'eabs' })],
            inputs: [],
            outputs: [tensorValue('e', F16, [4])],
          }),
        ),
      ],
    }),
  ],
  inputs: [tensorValue('C', DataType.BOOL, []), tensorValue('X', F16, [4])],
  outputs: [tensorValue('Y', F16, [4])],
});

test('applyOrtTransforms() casts a subgraph body as its own graph, using the outer types of the values it reads', () => {
  const { model } = decodeModelBytes(IF_WITH_FP16_BODY);
  const opsets = { '': 17 };
  const main = buildExecGraph(model.graph);
  assert.equal(applyOrtTransforms(main, { opsets, functions: [], types: (e) => inferShapes(execGraphToGraph(e), { rules: shapeRuleOf, opsets }) }).nodes.length, 1, 'the If itself is never cast');
  const elseBranch = main.nodes[0]!.subgraphs.find((s) => s.attribute === 'else_branch')!.graph;
  const tensorOf = (dtype: number, shape: number[]): InferredValue => ({ kind: 'tensor', dtype, shape, staticShape: shape, value: null, reason: null });
  // As the report does: the body's inference sees the outer scope, but lists only the body's own values.
  const outerTypes = new Map<string, InferredValue>([['X', tensorOf(F16, [4])], ['C', tensorOf(DataType.BOOL, [])]]);
  const body = buildExecGraph(elseBranch, new Set(outerTypes.keys()));
  const types = (e: ExecGraph) => inferShapes(execGraphToGraph(e), { rules: shapeRuleOf, opsets, outerScope: outerTypes });
  assert.equal(types(body).values.has('X'), false);
  applyOrtTransforms(body, { opsets, functions: [], types, outerTypes });
  // ORT 1.30 profile of the else branch: the Transpose is forced to fp32 between cast nodes.
  assert.deepEqual(
    computeExecutionOrder(body).map((i) => `${i}:${profileName(body, i)}`),
    ['4:InsertedPrecisionFreeCast_X', '0:eneg', '1:esig', '2:etr', '3:eabs', '11:InsertedPrecisionFreeCast_e'],
  );
});
