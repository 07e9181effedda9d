/**
 * The default ONNX domain has two spellings, '' and 'ai.onnx' (the spec allows both). Every lookup
 * by domain (kernels, opsets, shape rules, function bodies) goes through one normalisation.
 */

/** The domain as the project keys it: '' for the default domain, else unchanged. */
export function normalizeDomain(domain: string): string {
  return domain === 'ai.onnx' ? '' : domain;
}

/** Display name of a domain: '' and 'ai.onnx' are both written 'ai.onnx'. */
export function domainName(domain: string): string {
  return domain === '' ? 'ai.onnx' : domain;
}

/** True for the default ONNX domain, in either spelling. */
export function isOnnxDomain(domain: string): boolean {
  return domain === '' || domain === 'ai.onnx';
}
