/**
 * An OrtRuntime whose session creation runs in a child process (ortChild.ts), for callers that
 * must be able to stop it: the editor's plan worker. Terminating a worker thread while
 * onnxruntime-node 1.30's native `InferenceSession.create` runs aborts the whole process (the
 * extension host, with every extension in it); killing a child process does not, and frees its
 * core at once. The session is only created (the project never runs one), so what the caller
 * needs back is only success or ORT's error message: the files ORT writes (the optimized graph,
 * the partition dump) land where the options say, as in-process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { OrtApi, OrtRuntime, OrtSessionHandle } from './ortRuntime';

/** What the parent sends the child: the onnxruntime-node folder to require, the model and the session options. */
export interface OrtChildRequest {
  from: string;
  path: string;
  options: Record<string, unknown>;
}

/** The child's one answer. */
export type OrtChildAnswer = { ok: true } | { ok: false; message: string };

/** The built child script beside this bundle (scripts/build.mjs writes dist/ortChild.js). */
export const ORT_CHILD_SCRIPT = join(__dirname, 'ortChild.js');

/**
 * `base` with session creation in a child process of `script`. `onChild` is called with each child
 * as it starts (the caller kills it to stop the work). A child that ends without answering (killed,
 * crashed) rejects the creation with how it ended.
 */
export function ortInChildProcess(base: OrtRuntime, onChild: (child: ChildProcess) => void, script = ORT_CHILD_SCRIPT): OrtRuntime {
  if (!base.ok) return base;
  const create = (path: string, options: Record<string, unknown>): Promise<OrtSessionHandle> =>
    new Promise((resolve, reject) => {
      // ELECTRON_RUN_AS_NODE: in VS Code the executable is Electron's, which then runs as Node.
      const child = fork(script, [], { execArgv: [], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
      let answer: OrtChildAnswer | null = null;
      child.once('message', (m: OrtChildAnswer) => {
        answer = m;
      });
      child.on('error', (e) => {
        // A request written to a child that was just killed fails with EPIPE (or a closed channel)
        // before its exit is seen; the exit then says how it ended (seen once in the unit suite).
        const code = (e as NodeJS.ErrnoException).code;
        if (child.pid !== undefined && (code === 'EPIPE' || code === 'ERR_IPC_CHANNEL_CLOSED')) return;
        reject(new Error(`ONNX Runtime's process could not run: ${e.message}`));
      });
      child.once('exit', (code, signal) => {
        if (answer?.ok) resolve({ release: () => Promise.resolve() });
        else if (answer) reject(new Error(answer.message));
        else reject(new Error(`ONNX Runtime's process ended without an answer (${signal ? `signal ${signal}` : `exit code ${String(code)}`})`));
      });
      onChild(child);
      const req: OrtChildRequest = { from: base.from, path, options };
      child.send(req);
    });
  const ort: OrtApi = { InferenceSession: { create }, env: {} };
  return { ok: true, version: base.version, from: base.from, ort };
}
