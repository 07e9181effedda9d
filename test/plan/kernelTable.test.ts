import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookupKernel } from '../../src/plan/kernelTable';

const CASES: [string, string, number, string][] = [
  ['Reshape', '', 17, 'alias 0->0'],
  ['Identity', '', 1, 'alias 0->0'],
  ['ExpandDims', 'com.microsoft', 1, 'alias 0->0'],
  ['BatchNormalization', '', 15, 'alias 3->1 4->2'],
  ['BatchNormalization', '', 7, 'none'],
  ['Dropout', '', 12, 'none'],
  ['Relu', '', 14, 'inplace 0->0'],
  ['Cast', 'ai.onnx', 19, 'inplace 0->0'],
  ['Scaler', 'ai.onnx.ml', 1, 'inplace 0->0'],
  ['FusedConv', 'com.microsoft', 1, 'inplace 3->0'],
  ['DecoderMaskedMultiHeadAttention', 'com.microsoft', 1, 'inplace 5->1 6->2'],
  ['Add', '', 14, 'none'],
  ['MatMul', '', 13, 'none'],
];

function describe(opType: string, domain: string, opset: number): string {
  const d = lookupKernel(opType, domain, opset);
  if (d.alias) return `alias ${d.alias.map(([i, o]) => `${i}->${o}`).join(' ')}`;
  if (d.mayInplace) return `inplace ${d.mayInplace.map(([i, o]) => `${i}->${o}`).join(' ')}`;
  return 'none';
}

for (const [op, domain, opset, want] of CASES) {
  test(`lookupKernel() gives ${domain || 'ai.onnx'}::${op} at opset ${opset}: ${want}`, () => assert.equal(describe(op, domain, opset), want));
}
