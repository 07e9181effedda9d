/**
 * The buffer-sharing declarations of an op's ORT 1.30 CPU kernel (alias, variadic alias,
 * may-inplace), read from its registry entry (src/ops). Ops whose entry declares nothing get a
 * fresh or a dead buffer for their outputs.
 */
import { findOp } from '../ops/registry';
import type { KernelDecl } from '../ops/kernelFacts';

export type { KernelDecl } from '../ops/kernelFacts';

const NONE: KernelDecl = {};

/** The declarations of `domain::opType` at `opsetVersion` of its domain; an empty declaration when the op has none. */
export function lookupKernel(opType: string, domain: string, opsetVersion: number | undefined): KernelDecl {
  const facet = findOp(domain, opType)?.kernel;
  if (!facet?.present) return NONE;
  const v = opsetVersion ?? Number.MAX_SAFE_INTEGER;
  return facet.value.find((e) => (e.sinceVersion ?? 1) <= v) ?? NONE;
}
