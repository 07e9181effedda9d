/** Public surface of the ONNX decoder: load a model without its weights, plus the shared types. */
export { loadModel, decodeModelBytes } from './loadModel';
export type { LoadedModel, DecodeOptions } from './loadModel';
export * from './model';
export * from './dataType';
export * from './lensError';
export { AttributeType, DataLocation } from './onnxSchema';
export { compactModel, SMALL_PAYLOAD_BYTES, MAX_SUBGRAPH_DEPTH } from './compactModel';
export { decodeCompactModel } from './modelDecoder';
export { validateModel } from './validateModel';
export { checkExternalData } from './externalData';
export { MemorySource, FileSource, MAX_READ_BYTES } from './byteSource';
export type { ByteSource } from './byteSource';
