/**
 * The pipeline as a library: decode, ORT's transforms, inference, plan, then the Report
 * (src/analyze), with the contract and its renderers (src/report).
 */
export * from '../report';
export { analyzeFile, analyzeFileAtLevel, buildReport, reportFromFile, opsetRecord, TOOL, type Analysis, type LevelOptions, type ReportOptions } from './buildReport';
