/** Public surface of type and shape inference. */
export { inferShapes, inferenceIdsOf } from './inferShapes';
export type { InferenceIds, InferShapesOptions, ShapeGraph } from './inferShapes';
export { shapeBytes, elementCount } from './shapeBytes';
export { unnamedInputDim } from './passValues';
export type { SizeResult } from './shapeBytes';
export { formatDim, parseDim, symbolDim, addDims, subDims, mulDims, divDims, dimsEqual, dimSymbols, evaluateDim, singleSymbol } from './symbolicDim';
export type { InferenceResult, InferredValue, SymDim, ValueKind } from './types';
export type { ShapeRuleLookup } from './nodeContext';
export type { ShapeRule } from './ruleContext';
