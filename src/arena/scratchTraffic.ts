/**
 * Per-op knowledge of how a CPU kernel's scratch reaches the arena (to move into the op registry,
 * src/ops/, when it lands): the ops whose whole workspace formula is one buffer requested from the
 * arena after the kernel's outputs and freed before Compute returns. Such a buffer leaves the
 * arena as it was, except for a region it may have added, so the replay can follow it exactly.
 * Every other op with a nonzero workspace makes the arena figures after its step unavailable.
 * An entry needs ORT's kernel source and the arena oracle (test/oracle/arenaOracle.test.ts) to
 * agree. None is listed yet: treating every op's scratch as one such buffer matched held on
 * 13,224 of 13,228 corpus samples but in use on only 12,186, because some kernels request several
 * buffers or request one before their outputs (Conv on light_densenet121, ConvTranspose's column
 * buffer, the Where of an expanded attention), and which ones do is not yet read from their source.
 */
const SINGLE_SCRATCH_AFTER_OUTPUTS = new Set<string>([]);

/** True when `opType` (in `domain`) requests its scratch as one buffer after its outputs. */
export function singleScratchAfterOutputs(opType: string, domain: string): boolean {
  const d = domain === 'ai.onnx' ? '' : domain;
  return SINGLE_SCRATCH_AFTER_OUTPUTS.has(d === '' ? opType : `${d}::${opType}`);
}
