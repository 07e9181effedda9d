/**
 * Scratch of the float RNN family (ort-cpu-scratch.md §2.1): LSTM, GRU and RNN buffers are taken
 * per direction from the temp allocator and are all live together during Compute.
 */
import { DataType } from '../../onnx/dataType';
import { formula, unavailable, zero, type OpView } from './opView';
import type { WorkspaceRule } from './workspaceRule';

interface RnnDims {
  seq: number;
  batch: number;
  inputSize: number;
  hidden: number;
  directions: number;
  /** Directions that run backwards (reverse, or the second half of bidirectional). */
  reverseDirections: number;
}

/** `wInputAxis`: W's axis of the input size (2 in ONNX's [D, 4H, I]; 1 in DynamicQuantizeLSTM's [D, I, 4H]). */
function readRnnDims(v: OpView, wInputAxis = 2): RnnDims | string {
  if (v.input(0).dtype !== DataType.FLOAT) return `${v.label} scratch is modelled for float only`;
  const x = v.dimsOfRank(0, [3]);
  const batchFirst = v.int('layout', 0) === 1;
  const direction = v.str('direction', 'forward');
  const directions = direction === 'bidirectional' ? 2 : 1;
  const w = v.dimsOfRank(1, [3]);
  const hidden = v.int('hidden_size', v.dimsOfRank(2, [3])[2]);
  return {
    seq: batchFirst ? x[1] : x[0],
    batch: batchFirst ? x[0] : x[1],
    inputSize: x[2] ?? w[wInputAxis],
    hidden,
    directions,
    reverseDirections: direction === 'forward' ? 0 : 1,
  };
}

/** Bytes the sequence_lens stand-in takes per direction when the input is absent (int32 per batch row). */
function seqLensBytes(v: OpView, d: RnnDims): number {
  return v.has(4) ? 0 : 4 * d.batch * d.directions;
}

/** The float LSTM's scratch in bytes (LSTMBase::ComputeImpl with float weights). */
function lstmFloatBytes(v: OpView, d: RnnDims): number {
  const { seq: S, batch: B, inputSize: I, hidden: H, directions: D } = d;
  // lstm_base.cc stands in for absent Y_h / Y_c with B·H·D buffers.
  let floats = (v.hasOutput(1) ? 0 : B * H * D) + (v.hasOutput(2) ? 0 : B * H * D);
  for (let dir = 0; dir < D; dir++) {
    floats += 2 * H + 3 * B * H + 4 * H * B * S + (v.has(3) ? 4 * H : 0);
    if (dir >= D - d.reverseDirections) floats += S * B * I + S * B * H;
  }
  return 4 * floats + seqLensBytes(v, d);
}

const lstm: WorkspaceRule = {
  source: 'core/providers/cpu/rnn/uni_directional_lstm.cc',
  estimate(v) {
    const d = readRnnDims(v);
    if (typeof d === 'string') return unavailable(d, this.source);
    return formula(lstmFloatBytes(v, d), this.source);
  },
};

/**
 * The longest sequence the LSTM runs: S without sequence_lens, else the largest length, a value
 * known only when the input is a constant (null otherwise).
 */
function maxSequenceLength(v: OpView, d: RnnDims): number | null {
  if (!v.has(4)) return d.seq;
  const lens = v.constantValues(4);
  return lens && lens.length > 0 ? Math.max(...lens) : null;
}

/**
 * com.microsoft DynamicQuantizeLSTM runs the float LSTM's code (LSTMBase::ComputeImpl with u8/s8
 * weights): the same buffers, and per direction the two quantization buffers of
 * UniDirectionalLstm::AllocateQuantizeBuffers: X (or one step's hidden state) quantized to u8,
 * max(L·B·I, B·H) bytes for the longest sequence L, and the int32 GEMM output of one step, B·4H.
 */
const dynamicQuantizeLstm: WorkspaceRule = {
  source: 'core/providers/cpu/rnn/uni_directional_lstm.cc',
  estimate(v) {
    const d = readRnnDims(v, 1);
    if (typeof d === 'string') return unavailable(d, this.source);
    const L = maxSequenceLength(v, d);
    if (L === null) return unavailable(`${v.label} quantizes X for the longest of its sequence_lens, which are run-time values`, this.source);
    // lstm_base.cc returns before taking any buffer when every length is 0.
    if (L === 0) return zero(this.source);
    const { batch: B, inputSize: I, hidden: H, directions: D } = d;
    const quantized = D * (Math.max(L * B * I, B * H) + 4 * B * 4 * H);
    return formula(lstmFloatBytes(v, d) + quantized, this.source);
  },
};

const gru: WorkspaceRule = {
  source: 'core/providers/cpu/rnn/deep_cpu_gru.cc',
  estimate(v) {
    const d = readRnnDims(v);
    if (typeof d === 'string') return unavailable(d, this.source);
    const { seq: S, batch: B, inputSize: I, hidden: H, directions: D } = d;
    const linearBeforeReset = v.int('linear_before_reset', 0) !== 0;
    let floats = v.hasOutput(1) ? 0 : B * H * D;
    for (let dir = 0; dir < D; dir++) {
      floats += 2 * B * H + 3 * H * B * S;
      if (v.has(3)) floats += (linearBeforeReset ? 4 : 3) * B * H;
      if (linearBeforeReset) floats += B * H;
      if (dir >= D - d.reverseDirections) floats += B * S * I + B * S * H;
    }
    return formula(4 * floats + seqLensBytes(v, d), this.source);
  },
};

const rnn: WorkspaceRule = {
  source: 'core/providers/cpu/rnn/rnn.cc',
  estimate(v) {
    const d = readRnnDims(v);
    if (typeof d === 'string') return unavailable(d, this.source);
    const { seq: S, batch: B, hidden: H, directions: D } = d;
    return formula(S * B * H * 4 + (v.hasOutput(0) ? 0 : S * D * B * H * 4), this.source);
  },
};

/** The RNN family's entries, keyed by op label. */
export const RNN_WORKSPACE: Record<string, WorkspaceRule> = { LSTM: lstm, GRU: gru, RNN: rnn, 'com.microsoft::DynamicQuantizeLSTM': dynamicQuantizeLstm };
