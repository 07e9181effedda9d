/** The shared corpus of real models beside the checkout (`../shared/corpus`), and how tests walk it. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where CI puts the corpus: beside the checkout. */
export const CORPUS_DIR = resolve(__dirname, '../../../shared/corpus');

/** True when the corpus is there; corpus tests skip with a message otherwise. */
export const hasCorpus = existsSync(CORPUS_DIR);

/** Which files `listOnnxFiles` leaves out. */
export interface ListOptions {
  /** Folder names not to descend into (e.g. 'ort-probes'). */
  skipDirs?: readonly string[];
  /** Files larger than this many bytes are left out. */
  maxBytes?: number;
}

/** Every `.onnx` file below `dir`, depth first with names sorted, so runs visit them in one order. */
export function listOnnxFiles(dir: string, options: ListOptions = {}, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) {
      if (!options.skipDirs?.includes(name)) listOnnxFiles(p, options, out);
    } else if (name.endsWith('.onnx') && st.size <= (options.maxBytes ?? Infinity)) {
      out.push(p);
    }
  }
  return out;
}
