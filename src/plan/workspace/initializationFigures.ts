/**
 * Session-init initializer bytes: as stored, and after prepack (docs/ort-cpu-scratch.md §3).
 *
 * ORT's rule: an initializer's use count is the number of node input slots (subgraphs included)
 * plus graph outputs that read it; each successful pack of it takes one use away, and at zero
 * the original is dropped. Packs are keyed by op type plus content, so two same-op nodes packing
 * one initializer hold one buffer, in one graph or across the session's graphs (SessionPacks, with
 * content keys that also tell ORT's folded copies of one weight apart from different weights). Kernels that keep their pack privately (MatMulNBits, the
 * LayerNorm family) are not shared. Weights are never read, so two distinct initializers with
 * identical bytes (which ORT also shares) are counted twice: an upper bound.
 */
import type { InitializationFigures, PrepackEntry } from '../planTypes';
import { internalRuleError } from '../../onnx/internalError';
import { estimatePrepack } from './estimatePrepack';
import type { PrepackPiece, WorkspaceEnv, WorkspaceIo, WorkspaceNode } from '../../ops/workspace/types';
import { findOp } from '../../ops/registry';
import { normalizeDomain } from '../../onnx/domain';

/**
 * Initializers of at most this many bytes stored inside the model are copied into ORT-allocated
 * (arena) tensors; larger ones are used in place (ORT 1.30's kSmallTensorExternalDataThreshold).
 */
export const SMALL_INITIALIZER_MAX_BYTES = 127;

/** What the figures need of an initializer: its size, and whether its data is in another file. */
export interface InitializerSize {
  byteSize: number | null;
  /** Set (non-null) when the payload is external data. */
  external?: unknown;
}

/** The packs one executed step builds, as `estimatePrepack` returned them. */
export interface PrepackedStep {
  step: number;
  node: Pick<WorkspaceNode, 'opType' | 'domain' | 'inputs'>;
  packs: PrepackPiece[];
}

/** Who else reads initializers besides the steps' own input slots. */
export interface InitializerReaders {
  /** Graph output names (an initializer that is a graph output keeps one use). */
  graphOutputs: Iterable<string>;
  /** Uses from subgraph nodes, per outer initializer name. */
  subgraphUses?: ReadonlyMap<string, number>;
}

/**
 * Packs shared across the graphs of one session: ORT keys a pack by op type and contents, so the
 * same weights packed by the same op type in two graphs (two If branches) are packed once.
 */
export interface SessionPacks {
  /** Contents key of an initializer a step reads (equal keys: equal bytes); its name when omitted. */
  contentKeyOf(name: string): string;
  /** Graph label for the sharing reason ("main/If_0/then_branch"). */
  graph: string;
  /** Packs built so far in the session: key → where. Filled as graphs are figured, main first. */
  owners: Map<string, string>;
}

/** True when the op's kernel keeps its packs privately (its registry entry says so): never shared between nodes. */
function packsPrivately(node: PrepackedStep['node']): boolean {
  const f = findOp(node.domain, node.opType)?.prepack;
  return f?.present === true && f.value.private;
}

function label(node: PrepackedStep['node']): string {
  const d = normalizeDomain(node.domain);
  return d === '' ? node.opType : `${d}::${node.opType}`;
}

/**
 * Stored initializer bytes and bytes held after prepack (packed copies plus originals that keep a
 * use). Null totals carry a reason naming the first unknown size.
 */
export function initializationFigures(
  initializers: ReadonlyMap<string, InitializerSize>,
  steps: PrepackedStep[],
  readers: InitializerReaders,
  session?: SessionPacks,
): InitializationFigures {
  const uses = new Map<string, number>();
  const addUse = (name: string, n: number) => {
    if (initializers.has(name)) uses.set(name, (uses.get(name) ?? 0) + n);
  };
  for (const s of steps) for (const name of s.node.inputs) if (name !== '') addUse(name, 1);
  for (const name of readers.graphOutputs) addUse(name, 1);
  for (const [name, n] of readers.subgraphUses ?? []) addUse(name, n);

  const prepack: PrepackEntry[] = [];
  const sharedKeys = session?.owners ?? new Map<string, string>();
  const contentKeyOf = session ? (name: string) => session.contentKeyOf(name) : (name: string) => name;
  let packedTotal: number | null = 0;
  let reason: string | null = null;
  for (const s of steps) {
    const opLabel = label(s.node);
    for (const p of s.packs) {
      if (p.releasesOriginal) uses.set(p.input, (uses.get(p.input) ?? 1) - 1);
      const key = packsPrivately(s.node) ? null : `${opLabel}|${contentKeyOf(p.input)}`;
      const owner = key === null ? undefined : sharedKeys.get(key);
      if (owner !== undefined) {
        prepack.push({ step: s.step, initializer: p.input, packedBytes: p.packedBytes, reason: `shares the pack built at ${owner}` });
        continue;
      }
      if (key !== null) sharedKeys.set(key, session ? `step ${s.step} of ${session.graph}` : `step ${s.step}`);
      prepack.push({ step: s.step, initializer: p.input, packedBytes: p.packedBytes, reason: p.reason });
      if (p.packedBytes === null) {
        reason ??= `pack of '${p.input}' at step ${s.step}: ${p.reason ?? 'unknown size'}`;
        packedTotal = null;
      } else if (packedTotal !== null) packedTotal += p.packedBytes;
    }
  }

  let stored: number | null = 0;
  let kept: number | null = 0;
  let keptInArena: number | null = 0;
  for (const [name, info] of initializers) {
    const isKept = (uses.get(name) ?? 0) > 0 || !uses.has(name);
    if (info.byteSize === null) {
      reason ??= `initializer '${name}' has an unknown size`;
      stored = null;
      if (isKept) kept = keptInArena = null;
      continue;
    }
    if (stored !== null) stored += info.byteSize;
    if (isKept && kept !== null) kept += info.byteSize;
    const isInArena = info.byteSize <= SMALL_INITIALIZER_MAX_BYTES && (info.external ?? null) === null;
    if (isKept && isInArena && keptInArena !== null) keptInArena += info.byteSize;
  }
  const after = kept === null || packedTotal === null ? null : kept + packedTotal;
  const arena = keptInArena === null || packedTotal === null ? null : keptInArena + packedTotal;
  return {
    initializerBytesStored: stored,
    initializerBytesAfterPrepack: after,
    arenaBytesAfterPrepack: arena,
    prepack,
    reason: stored === null || after === null ? reason : null,
  };
}

/** One executed step as the estimators see it. */
export interface InitializationStep {
  step: number;
  node: WorkspaceNode;
  io: WorkspaceIo;
}

/**
 * estimatePrepack() for every step, then initializationFigures(): the one call a planner needs.
 * `io.isConstant` must be false for initializers that are also graph inputs (ORT treats those as
 * overridable: no PrePack).
 */
export function estimateInitialization(
  initializers: ReadonlyMap<string, InitializerSize>,
  steps: InitializationStep[],
  readers: InitializerReaders,
  env: WorkspaceEnv,
  session?: SessionPacks,
): InitializationFigures {
  const packed = steps.map((s) => {
    try {
      return { step: s.step, node: s.node, packs: estimatePrepack(s.node, s.io, env).packs };
    } catch (err) {
      throw internalRuleError(err, 'prepack formula', s.node.opType, s.node.name ?? `at step ${s.step}`);
    }
  });
  return initializationFigures(initializers, packed, readers, session);
}
