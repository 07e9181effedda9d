/**
 * The process ortProcess.ts starts for one ONNX Runtime session creation: it receives
 * `OrtChildRequest` on its IPC channel, creates the session (which writes the optimized graph and
 * the partition dump where the options say), releases it, answers `OrtChildAnswer` and exits.
 * Run as a process of its own so the caller can end it at any moment: a worker thread terminated
 * while onnxruntime-node's native session creation runs aborts the whole process.
 */
import type { OrtApi } from './ortRuntime';
import type { OrtChildAnswer, OrtChildRequest } from './ortProcess';

process.once('message', (req: OrtChildRequest) => {
  void (async () => {
    let answer: OrtChildAnswer;
    try {
      // A plain require of the folder the parent found (ortRuntime.ts): the same copy of ORT.
      const ort = require(req.from) as OrtApi;
      const handle = await ort.InferenceSession.create(req.path, req.options);
      await handle.release();
      answer = { ok: true };
    } catch (e) {
      answer = { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    process.send!(answer, () => process.exit(0));
  })();
});
