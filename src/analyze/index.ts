/**
 * The pipeline as a library: decode, ORT's transforms, inference, plan, then the Report
 * (src/analyze), with the contract and its renderers (src/report).
 */
export * from '../report';
export { analyzeFile, analyzeFileAtLevel, buildReport, reportFromFile, opsetRecord, TOOL, type Analysis, type LevelOptions, type ReportOptions } from './buildReport';
export { sweepAnalysis, PointPlanner, type SweepOptions, type PointPlannerOptions } from './sweep';
export { fitAnalysis, type FitOptions } from './fit';
export { diffReports, type ReportDiff, type BufferDelta } from '../report/diff';
export { sweepValues, interpolatePeak, findKnees, type SweepResult, type SweepPoint, type SweepKnee, type SweepSegment } from '../report/sweep';
export type { FitResult } from '../report/fit';
