/**
 * Ops whose scratch is deliberately left unavailable, each with the reason a user sees. Unknown
 * ops get a generic reason instead (estimateWorkspace).
 */

/** Op label → the ORT source file and why the step's workspace is not estimated. */
export const UNMODELLED_WORKSPACE_OPS: Record<string, { source: string; reason: string }> = {
  If: { source: 'core/providers/cpu/controlflow/if.cc', reason: 'control-flow kernel allocations are not modelled; body steps are estimated on their own' },
  Loop: { source: 'core/providers/cpu/controlflow/loop.cc', reason: 'control-flow kernel allocations are not modelled; body steps are estimated on their own' },
  Scan: { source: 'core/providers/cpu/controlflow/scan_9.cc', reason: 'control-flow kernel allocations are not modelled; body steps are estimated on their own' },
  SequenceConstruct: { source: 'core/providers/cpu/sequence/sequence_ops.cc', reason: 'sequence ops allocate element tensors that live on in the sequence value' },
  SequenceInsert: { source: 'core/providers/cpu/sequence/sequence_ops.cc', reason: 'sequence ops allocate element tensors that live on in the sequence value' },
  SequenceErase: { source: 'core/providers/cpu/sequence/sequence_ops.cc', reason: 'sequence ops allocate element tensors that live on in the sequence value' },
  SequenceAt: { source: 'core/providers/cpu/sequence/sequence_ops.cc', reason: 'sequence ops allocate element tensors that live on in the sequence value' },
  SplitToSequence: { source: 'core/providers/cpu/sequence/sequence_ops.cc', reason: 'sequence ops allocate element tensors that live on in the sequence value' },
  ConcatFromSequence: { source: 'core/providers/cpu/sequence/concat_from_sequence.cc', reason: 'sequence ops allocate element tensors that live on in the sequence value' },
};
