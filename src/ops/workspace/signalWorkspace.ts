/** Scratch of the signal ops (fitted on ORT 1.30 runs; no 1.30 source was read). */
import { DataType } from '../../onnx/dataType';
import { formula, numel, unavailable, zero, type OpView } from './opView';
import type { WorkspaceRule } from './workspaceRule';
import type { WorkspaceEstimate } from './types';

/** The DFT axis, resolved against the full input rank (signal dims plus the trailing 1-or-2 dim). */
function dftAxis(v: OpView, rank: number): number | null {
  const norm = (a: number) => (a < 0 ? a + rank : a);
  if (v.has(2)) {
    const given = v.constantValues(2)?.[0];
    return given === undefined ? null : norm(given);
  }
  // Opset 20 moved the axis to input 2 (default -2); before that it was an attribute (default 1).
  const newer = norm(-2);
  const older = norm(v.int('axis', 1));
  const opset = v.env.opset;
  if (opset !== undefined) return opset >= 20 ? newer : older;
  return newer === older ? newer : null;
}

/** Bluestein's transform length for a DFT of n points: M = nextPow2(2n - 1) complex elements. */
export function bluesteinLength(n: number): number {
  return 2 ** Math.ceil(Math.log2(2 * n - 1));
}

/**
 * DFT (float): power-of-two lengths take nothing from the arena; other lengths n take complex
 * buffers of M = nextPow2(2n - 1): three shared ones plus two per transformed signal.
 * Fitted on 1.30 (16 probes: lengths 3-100, real and complex, onesided, inverse, batches).
 */
function dft(v: OpView): WorkspaceEstimate {
  const source = 'core/providers/cpu/signal/dft.cc';
  if (v.input(0).dtype !== DataType.FLOAT) return unavailable(`${v.label} scratch is modelled for float only`, source);
  if (v.has(1)) return unavailable(`${v.label} with dft_length is not modelled`, source);
  const x = v.dims(0);
  const axis = dftAxis(v, x.length);
  if (axis === null || axis >= x.length - 1) return unavailable(`${v.label} axis is not known (opset or axis input missing)`, source);
  const n = x[axis];
  if (n <= 0 || (n & (n - 1)) === 0) return zero(source);
  const transforms = numel(x.slice(0, -1)) / n;
  return formula((3 + 2 * transforms) * bluesteinLength(n) * 8, source);
}

/**
 * STFT (float): each frame is transformed as DFT transforms a signal, so a power-of-two frame length
 * n takes nothing from the arena and any other n takes complex buffers of M = nextPow2(2n - 1):
 * three shared ones plus two per frame of every signal (batch × frames). n is the frame_length
 * input, else the window's length. Fitted on 1.30 (probes: n = 48 and 400, with and without a
 * window, one- and two-sided, real and complex signals, 1 to 10 frames; n = 32 and 64 took 0).
 */
function stft(v: OpView): WorkspaceEstimate {
  const source = 'core/providers/cpu/signal/dft.cc';
  if (v.input(0).dtype !== DataType.FLOAT) return unavailable(`${v.label} scratch is modelled for float only`, source);
  const x = v.dims(0);
  const n = v.has(3) ? v.constantValues(3)?.[0] : v.has(2) ? v.dims(2)[0] : undefined;
  const step = v.constantValues(1)?.[0];
  if (n === undefined || step === undefined || x.length !== 3) return unavailable(`${v.label} frame length or step is not a constant`, source);
  if (n <= 0 || (n & (n - 1)) === 0) return zero(source);
  if (step <= 0 || x[1]! < n) return unavailable(`${v.label} frames are not known`, source);
  const frames = Math.floor((x[1]! - n) / step) + 1;
  return formula((3 + 2 * x[0]! * frames) * bluesteinLength(n) * 8, source);
}

/** The signal entries, keyed by op label. */
export const SIGNAL_WORKSPACE: Record<string, WorkspaceRule> = {
  DFT: { source: 'core/providers/cpu/signal/dft.cc', estimate: dft },
  STFT: { source: 'core/providers/cpu/signal/dft.cc', estimate: stft },
};
