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
  /** Uses left by subgraph nodes, per initializer name: their input slots less their packs that release it. */
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
  /**
   * Filled here: per name, the packs of this graph's steps that release an initializer of an
   * enclosing graph. ORT's use counts are one session-wide table by name (subgraph slots
   * included), and a pack in a body takes a use from the outer initializer it reads
   * (SessionState::PrepackConstantInitializedTensors walks up to the state holding it).
   */
  outerReleases?: Map<string, number>;
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
  memo?: InitializerUseMemo,
): InitializationFigures {
  const counted = memo ? memo.usesOf(initializers, steps, readers) : initializerUses(initializers, steps, readers);
  // Copies: the packs below take uses away, and `counted` may serve the next report too.
  const uses = counted.uses.slice();
  const used = counted.used.slice();

  const prepack: PrepackEntry[] = [];
  const sharedKeys = session?.owners ?? new Map<string, string>();
  const contentKeyOf = session ? (name: string) => session.contentKeyOf(name) : (name: string) => name;
  let packedTotal: number | null = 0;
  let reason: string | null = null;
  for (const s of steps) {
    const opLabel = label(s.node);
    for (const p of s.packs) {
      const at = p.releasesOriginal ? counted.positions.get(p.input) : undefined;
      if (p.releasesOriginal && at === undefined && session?.outerReleases) session.outerReleases.set(p.input, (session.outerReleases.get(p.input) ?? 0) + 1);
      if (at !== undefined) {
        // A pack of an initializer nothing else counted still leaves it with no use.
        if (used[at] === 0) uses[at] = 1;
        used[at] = 1;
        uses[at]!--;
      }
      const key = packsPrivately(s.node) ? null : `${opLabel}|${contentKeyOf(p.input)}`;
      const owner = key === null ? undefined : sharedKeys.get(key);
      if (owner !== undefined) {
        prepack.push({ step: s.step, initializer: p.input, packedBytes: p.packedBytes, reason: `shares the pack built at ${owner}` });
        continue;
      }
      if (key !== null) sharedKeys.set(key, session ? `step ${s.step} of ${session.graph}` : `step ${s.step}`);
      prepack.push({ step: s.step, initializer: p.input, packedBytes: p.packedBytes, reason: p.reason, ...(p.kernel ? { kernel: p.kernel } : {}), ...(p.arenaChunk ? { arenaChunk: true as const } : {}) });
      if (p.packedBytes === null) {
        reason ??= `pack of '${p.input}' at step ${s.step}: ${p.reason ?? 'unknown size'}`;
        packedTotal = null;
      } else if (packedTotal !== null) packedTotal += p.packedBytes;
    }
  }

  let stored: number | null = 0;
  let kept: number | null = 0;
  let keptInArena: number | null = 0;
  let at = 0;
  for (const [name, info] of initializers) {
    // Kept while a use is left, and when nothing reads it at all (ORT drops only what packing freed).
    const isKept = used[at] === 0 || uses[at]! > 0;
    at++;
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

/**
 * ORT's use count of each initializer before any pack: the steps' input slots, graph outputs and
 * subgraph uses. By position in the initializer table's order (`positions`), with `used` 1 where
 * anything reads the initializer: typed lists a report copies in microseconds (a Map of 44k
 * initializers took 12–27 ms to copy).
 */
export interface InitializerUses {
  positions: ReadonlyMap<string, number>;
  uses: Int32Array;
  used: Uint8Array;
}

function initializerUses(initializers: ReadonlyMap<string, InitializerSize>, steps: readonly Pick<PrepackedStep, 'node'>[], readers: InitializerReaders): InitializerUses {
  const positions = new Map<string, number>();
  for (const name of initializers.keys()) positions.set(name, positions.size);
  const uses = new Int32Array(positions.size);
  const used = new Uint8Array(positions.size);
  const addUse = (name: string, n: number) => {
    const at = positions.get(name);
    if (at === undefined) return;
    uses[at]! += n;
    used[at] = 1;
  };
  for (const s of steps) for (const name of s.node.inputs) if (name !== '') addUse(name, 1);
  for (const name of readers.graphOutputs) addUse(name, 1);
  for (const [name, n] of readers.subgraphUses ?? []) addUse(name, n);
  return { positions, uses, used };
}

/**
 * The initializers' use counts of the last call, kept by the caller across the reports of one
 * graph: they depend on which nodes read which names, never on a binding, and counting them looked
 * up every input of every initializer-reading step (56k steps on a 96k-node decoder: 45–85 ms of a
 * 0.8 s rebind). Reused only when every input is the same as last time (the same initializer table
 * with as many entries: a graph's table is final once its transforms ran; the same input names step
 * by step; equal graph outputs and subgraph uses), else recounted.
 */
export class InitializerUseMemo {
  private last: {
    initializers: ReadonlyMap<string, InitializerSize>;
    initializerCount: number;
    /** Every step's input names, one after the other, and where each step's start (a copy: a list edited in place must not match). */
    inputNames: string[];
    inputStarts: Int32Array;
    graphOutputs: string[];
    subgraphUses: [string, number][];
    counted: InitializerUses;
  } | null = null;

  /** initializerUses of the arguments (the caller copies the lists before changing them). */
  usesOf(initializers: ReadonlyMap<string, InitializerSize>, steps: readonly Pick<PrepackedStep, 'node'>[], readers: InitializerReaders): InitializerUses {
    const graphOutputs = [...readers.graphOutputs];
    const subgraphUses = [...(readers.subgraphUses ?? [])];
    const last = this.last;
    if (last && last.initializers === initializers && last.initializerCount === initializers.size && sameInputs(last.inputNames, last.inputStarts, steps) && sameList(last.graphOutputs, graphOutputs) && sameUses(last.subgraphUses, subgraphUses)) return last.counted;
    const counted = initializerUses(initializers, steps, readers);
    const inputStarts = new Int32Array(steps.length + 1);
    const inputNames: string[] = [];
    for (let i = 0; i < steps.length; i++) {
      for (const name of steps[i]!.node.inputs) inputNames.push(name);
      inputStarts[i + 1] = inputNames.length;
    }
    this.last = { initializers, initializerCount: initializers.size, inputNames, inputStarts, graphOutputs, subgraphUses, counted };
    return counted;
  }
}

function sameInputs(names: readonly string[], starts: Int32Array, steps: readonly Pick<PrepackedStep, 'node'>[]): boolean {
  if (starts.length !== steps.length + 1) return false;
  for (let i = 0; i < steps.length; i++) {
    const inputs = steps[i]!.node.inputs;
    const at = starts[i]!;
    if (starts[i + 1]! - at !== inputs.length) return false;
    for (let k = 0; k < inputs.length; k++) if (names[at + k] !== inputs[k]) return false;
  }
  return true;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameUses(a: readonly [string, number][], b: readonly [string, number][]): boolean {
  return a.length === b.length && a.every(([name, n], i) => name === b[i]![0] && n === b[i]![1]);
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
  memo?: InitializerUseMemo,
): InitializationFigures {
  const packed = steps.map((s) => {
    try {
      return { step: s.step, node: s.node, packs: estimatePrepack(s.node, s.io, env).packs };
    } catch (err) {
      throw internalRuleError(err, 'prepack formula', s.node.opType, s.node.name ?? `at step ${s.step}`);
    }
  });
  return initializationFigures(initializers, packed, readers, session, memo);
}
