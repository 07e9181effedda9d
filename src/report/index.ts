/** The Report contract, the rules every surface applies to it, and its renderers. */
export * from './report';
export { renderText } from './renderText';
export { describeSession, modeledSession } from './describeSession';
