/** ORT 1.30's executed graph, DEFAULT order, allocation and release plans, lifetimes and peaks. */
export type { ExecGraph, ExecNode } from './execGraph';
export { buildExecGraph, outerNamesOf, subgraphsOf, constantToTensor } from './buildExecGraph';
export { execGraphToGraph } from './execGraphToGraph';
export { computeExecutionOrder, nodeDisplayName, producersByValue } from './executionOrder';
export { valueTable, type ValueTable } from './valueTable';
export { lookupKernel, type KernelDecl } from './kernelTable';
export { sameSize, sameStaticShape, type SizedValue } from './sameSize';
export { computeAllocationPlan, type AllocationPlan, type AllocationPlanInput, type ValuePlan } from './allocationPlan';
export { computeReleasePlan } from './releasePlan';
export { computeLifetimes, type Lifetime } from './lifetimes';
export { computeLiveBytes, type LiveCurve, type SizeWithReason } from './peakMemory';
export { computeParallelCurve, computeParallelPeak, type ParallelPeak } from './parallelPeak';
export { ParallelCutModel, type CutProblem, type CutBuffer, type ParallelCut } from './parallelCut';
export { bestFitPeakBytes, alignBytes, ALLOC_ALIGNMENT_BYTES, type PatternEvent } from './memPattern';
export { planGraph, outputsProvidedByParent, type GraphPlan, type PlanGraphInput } from './planGraph';
