/**
 * Checks every external-data reference of a model without opening the data files: the location
 * must stay inside the model's folder (also after resolving symlinks), the file must exist, and
 * the referenced byte range must fit in it. Sizes come from `stat`, never from reading.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LensError } from './lensError';
import type { Attribute, Graph, Model, TensorInfo } from './model';

/**
 * Validates the external tensors of `model` against files under `baseDir` and fills in
 * `storedBytes` for references without a `length` key (the rest of the file). Throws
 * LensError('external-data') naming the tensor and location.
 */
export function checkExternalData(model: Model, baseDir: string): void {
  const tensors: TensorInfo[] = [];
  collectGraph(model.graph, tensors);
  for (const fn of model.functions) {
    for (const node of fn.nodes) collectAttributes(node.attributes, tensors);
    collectAttributes(fn.attributeDefaults, tensors);
  }
  if (tensors.length === 0) return;
  const realBase = realpathOrSelf(path.resolve(baseDir));
  const sizes = new Map<string, number>();
  for (const t of tensors) checkTensor(t, realBase, sizes);
}

function collectGraph(graph: Graph, out: TensorInfo[]): void {
  for (const t of graph.initializers) if (t.external) out.push(t);
  for (const node of graph.nodes) collectAttributes(node.attributes, out);
}

function collectAttributes(attributes: Attribute[], out: TensorInfo[]): void {
  for (const a of attributes) {
    if (a.t?.external) out.push(a.t);
    for (const t of a.tensors ?? []) if (t.external) out.push(t);
    if (a.g) collectGraph(a.g, out);
    for (const g of a.graphs ?? []) collectGraph(g, out);
  }
}

function checkTensor(t: TensorInfo, realBase: string, sizes: Map<string, number>): void {
  const ref = t.external;
  if (!ref) return;
  const loc = ref.location;
  const fail = (message: string): never => {
    throw new LensError('external-data', message);
  };
  if (loc === '') fail(`External data for tensor '${t.name}' has no location`);
  // ORT on Windows treats '\' as a separator, so a location is judged with both separators.
  const portable = loc.replace(/\\/g, '/');
  if (loc.includes('\0')) fail(`External data location for tensor '${t.name}' contains a NUL character`);
  if (path.posix.isAbsolute(portable) || path.win32.isAbsolute(loc) || /^[A-Za-z]:/.test(portable)) {
    fail(`External data location '${loc}' for tensor '${t.name}' is an absolute path`);
  }
  const normalized = path.posix.normalize(portable);
  if (normalized === '..' || normalized.startsWith('../')) fail(`External data location '${loc}' for tensor '${t.name}' escapes the model folder`);
  if (!Number.isSafeInteger(ref.offset)) fail(`External data offset for tensor '${t.name}' is not a non-negative integer`);
  if (ref.length !== null && !Number.isSafeInteger(ref.length)) fail(`External data length for tensor '${t.name}' is not a non-negative integer`);

  let fileSize = sizes.get(normalized);
  if (fileSize === undefined) {
    const target = path.join(realBase, ...normalized.split('/'));
    let real: string;
    try {
      // realpath follows symlinks via lstat/readlink; it never opens the data file.
      real = fs.realpathSync.native(target);
    } catch {
      return fail(`External data file '${loc}' for tensor '${t.name}' not found`);
    }
    const rel = path.relative(realBase, real);
    if (rel.startsWith('..') || path.isAbsolute(rel)) {
      fail(`External data location '${loc}' for tensor '${t.name}' resolves outside the model folder`);
    }
    const st = fs.statSync(real);
    if (!st.isFile()) fail(`External data location '${loc}' for tensor '${t.name}' is not a regular file`);
    fileSize = st.size;
    sizes.set(normalized, fileSize);
  }
  const end = ref.offset + (ref.length ?? Math.max(0, fileSize - ref.offset));
  if (ref.offset > fileSize || end > fileSize) {
    fail(`External data for tensor '${t.name}' ends at byte ${end} beyond '${loc}' (${fileSize} bytes)`);
  }
  if (ref.length === null) t.storedBytes = fileSize - ref.offset;
}

function realpathOrSelf(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}
