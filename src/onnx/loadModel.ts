/**
 * Entry points of the decoder: from a file path (read by position, weights skipped) or from bytes
 * in memory. Both compact, decode, validate, and check external data, in that order.
 */
import * as path from 'node:path';
import type { ByteSource } from './byteSource';
import { FileSource, MemorySource } from './byteSource';
import { compactModel } from './compactModel';
import { checkExternalData } from './externalData';
import type { Model } from './model';
import { decodeCompactModel } from './modelDecoder';
import { validateModel } from './validateModel';

/** A decoded model and what loading it cost. */
export interface LoadedModel {
  model: Model;
  /** The path (or label) the model was loaded from. */
  filePath: string;
  /** Size of the model file (or byte array), in bytes. */
  fileBytes: number;
  /** Size of the compact weight-free ModelProto the decoder parsed, in bytes. */
  metadataBytes: number;
  /** Bytes read from disk while loading (for in-memory input: the whole array). */
  bytesRead: number;
}

/** Options for decoding a model held in memory. */
export interface DecodeOptions {
  /** Label reported as `filePath` (default 'model.onnx'). */
  fileName?: string;
  /**
   * Folder external-data locations are resolved against; they are checked only when given (then a
   * reference without `length` keeps its logical byte size as `storedBytes`).
   */
  baseDir?: string;
}

/**
 * Loads the model at `filePath` synchronously, reading only its metadata from disk. Throws
 * LensError subclasses; messages do not repeat the file name (callers prefix it).
 */
export function loadModel(filePath: string): LoadedModel {
  const source = FileSource.open(filePath);
  try {
    return loadFromSource(source, filePath, path.dirname(path.resolve(filePath)));
  } finally {
    source.close();
  }
}

/** Decodes a model from bytes in memory, same checks as `loadModel`. */
export function decodeModelBytes(bytes: Uint8Array, options: DecodeOptions = {}): LoadedModel {
  return loadFromSource(new MemorySource(bytes), options.fileName ?? 'model.onnx', options.baseDir ?? null);
}

function loadFromSource(source: ByteSource, filePath: string, baseDir: string | null): LoadedModel {
  const compact = compactModel(source);
  const model = decodeCompactModel(compact.bytes);
  validateModel(model);
  if (baseDir !== null) checkExternalData(model, baseDir);
  return { model, filePath, fileBytes: source.size, metadataBytes: compact.bytes.length, bytesRead: source.bytesRead };
}
