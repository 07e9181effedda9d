/** Per-node L2 workspaces and L1 prepack estimates for ORT 1.30's CPU EP (ort-cpu-scratch.md). */
export { estimateWorkspace } from './estimateWorkspace';
export { estimatePrepack } from './estimatePrepack';
export {
  initializationFigures,
  estimateInitialization,
  InitializerUseMemo,
  type PrepackedStep,
  type InitializerReaders,
  type InitializationStep,
} from './initializationFigures';
export { packedSgemmBBytes, packedQgemmBBytes } from '../../ops/workspace/packedSizes';
export {
  DEFAULT_WORKSPACE_ENV,
  type TensorDesc,
  type WorkspaceNode,
  type WorkspaceIo,
  type WorkspaceEnv,
  type WorkspaceEstimate,
  type WorkspaceEstimateState,
  type PrepackPiece,
  type PrepackEstimate,
} from '../../ops/workspace/types';
