/**
 * ORT's own optimized graph for a level (src/optimize): loaded lazily from onnxruntime-node, so the
 * rest of the core works without it. No vscode import (eslint.config.mjs).
 */
export { optimizeModelFile, machineNchwcBlockSize, savingSessionOptions, readSavedSession, modelFromSaved, type OptimizedModel, type OptimizeFailure, type OptimizeOptions, type SavedSession } from './optimizeModel';
export { loadOrtRuntime, type OrtRuntime } from './ortRuntime';
export { bodiesInSavedOrder, orderFromDump, parsePartitionDump, reorderNodes } from './dumpOrder';
