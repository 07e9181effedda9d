import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkExternalData } from '../../src/onnx/externalData';
import type { Model, TensorInfo } from '../../src/onnx/model';

function externalTensor(name: string, location: string, offset = 0, length: number | null = null): TensorInfo {
  return { name, dataType: 1, dims: [4], byteSize: 16, storedBytes: length ?? 0, external: { location, offset, length }, values: null };
}

function modelWith(tensors: TensorInfo[]): Model {
  return {
    irVersion: 8,
    producerName: '',
    producerVersion: '',
    domain: '',
    modelVersion: 0,
    docString: '',
    opsets: [{ domain: '', version: 17 }],
    metadata: [],
    graph: { name: 'g', nodes: [], initializers: tensors, sparseInitializers: [], inputs: [], outputs: [], valueInfo: [] },
    functions: [],
  };
}

function withDir(fn: (dir: string) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-ext-'));
  try {
    fs.writeFileSync(path.join(dir, 'w.bin'), new Uint8Array(64));
    fs.mkdirSync(path.join(dir, 'folder'));
    fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const REFUSALS: { name: string; tensor: TensorInfo; message: string }[] = [
  { name: 'an empty location', tensor: externalTensor('W', ''), message: "External data for tensor 'W' has no location" },
  { name: 'a Windows drive path', tensor: externalTensor('W', 'C:\\data\\w.bin'), message: "External data location 'C:\\data\\w.bin' for tensor 'W' is an absolute path" },
  { name: 'a backslash escape', tensor: externalTensor('W', '..\\w.bin'), message: "External data location '..\\w.bin' for tensor 'W' escapes the model folder" },
  { name: 'a UNC path', tensor: externalTensor('W', '\\\\server\\share\\w.bin'), message: "External data location '\\\\server\\share\\w.bin' for tensor 'W' is an absolute path" },
  { name: 'a folder', tensor: externalTensor('W', 'folder'), message: "External data location 'folder' for tensor 'W' is not a regular file" },
  { name: 'the model folder itself', tensor: externalTensor('W', '.'), message: "External data location '.' for tensor 'W' is not a regular file" },
  { name: 'a NUL character', tensor: externalTensor('W', 'w.bin\0.txt'), message: "External data location for tensor 'W' contains a NUL character" },
  { name: 'a non-numeric offset', tensor: externalTensor('W', 'w.bin', NaN), message: "External data offset for tensor 'W' is not a non-negative integer" },
  { name: 'an offset past the end without length', tensor: externalTensor('W', 'w.bin', 65), message: "External data for tensor 'W' ends at byte 65 beyond 'w.bin' (64 bytes)" },
  { name: 'a length past the end', tensor: externalTensor('W', 'w.bin', 0, 65), message: "External data for tensor 'W' ends at byte 65 beyond 'w.bin' (64 bytes)" },
];

for (const r of REFUSALS) {
  test(`checkExternalData() refuses ${r.name}`, () => {
    withDir((dir) => assert.throws(() => checkExternalData(modelWith([r.tensor]), dir), { code: 'external-data', message: r.message }));
  });
}

test('checkExternalData() accepts ranges that end exactly at the end of the file and fills storedBytes when length is absent', () => {
  withDir((dir) => {
    const a = externalTensor('A', 'w.bin', 0, 64);
    const b = externalTensor('B', './w.bin', 48);
    checkExternalData(modelWith([a, b]), dir);
    assert.equal(a.storedBytes, 64);
    assert.equal(b.storedBytes, 16);
  });
});

test('checkExternalData() accepts a symlink that stays inside the model folder', () => {
  withDir((dir) => {
    fs.symlinkSync(path.join(dir, 'w.bin'), path.join(dir, 'folder', 'link.bin'));
    const t = externalTensor('W', 'folder/link.bin', 0, 16);
    checkExternalData(modelWith([t]), dir);
    assert.equal(t.storedBytes, 16);
  });
});
