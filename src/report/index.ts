/** The Report contract and how to build and render it. */
export * from './report';
export { analyzeFile, buildReport, reportFromFile, opsetRecord, TOOL, type Analysis, type ReportOptions } from './buildReport';
export { renderText } from './renderText';
export { describeSession, modeledSession } from './describeSession';
