/**
 * The shape of one operator's registry entry: everything the project knows about the op, each
 * fact with its evidence, or its absence with the reason. One entry per op in the family modules
 * (src/ops/<family>.ts); src/ops/registry.ts collects them under one key, `opKey(domain, opType)`.
 *
 * Facets:
 * - `shape`: the type and shape rule (src/shape/rules), from the op's ONNX or contrib schema.
 * - `kernel`: what the CPU kernel's registration declares about buffer sharing (alias, variadic
 *   alias, may-inplace), as version ranges newest first.
 * - `fp16`: how the CPU EP treats an fp16 node (native kernel, Casts, inlined body, failure).
 * - `body`: the ONNX function body ORT expands the node into when it has no kernel for it.
 * - `workspace`: the scratch the kernel takes from the arena during Compute.
 * - `prepack`: the packed copies of constant inputs the kernel builds at session init, and whether
 *   they are ordinary arena chunks or a Reserve beside the arena's regions.
 * - `arenaScratch`: how the kernel's scratch reaches the arena (its buffers, their order against
 *   the outputs), for the arena replay.
 * - `sequence` (only the ops that make or read sequence values state it): which element tensors
 *   the kernel copies into its sequence output and which it shares with its sequence input
 *   (src/ops/sequenceRule.ts, src/plan/sequenceElements.ts). A sequence read by an op without it has unknown elements.
 */
import { domainName, normalizeDomain } from '../onnx/domain';
import type { ShapeRule } from '../shape/ruleContext';
import type { Builder } from './bodies/bodyBuilder';
import type { Fp16Facts } from './fp16Facts';
import type { KernelDecl } from './kernelFacts';
import { zero } from './workspace/opView';
import type { PrepackRule } from './workspace/prepackRules';
import type { ScratchSplit } from './scratchFacts';
import type { WorkspaceRule } from './workspace/workspaceRule';
import type { SequenceRule } from './sequenceRule';

/** Why the project believes a fact. */
export type Evidence =
  /** Checked against ORT 1.30 itself: its node statistics, profile or a probe session. */
  | { kind: 'measured'; how: string; file?: string }
  /** Read from ORT's source at v1.30.0 (path under onnxruntime/), not yet checked by a measurement. */
  | { kind: 'source'; file: string; note?: string }
  /** Written from the op's schema (ONNX operator definitions, or ORT's contrib schemas). */
  | { kind: 'schema'; where: string };

/** A fact with its evidence, or its absence with a reason (and the ORT file that shows it, if any). */
export type Facet<T> =
  | { readonly present: true; readonly value: T; readonly evidence: Evidence }
  | { readonly present: false; readonly reason: string; readonly source?: string };

/** One operator's entry. `domain` is normalised: '' is the default ONNX domain. */
export interface OpEntry {
  readonly key: string;
  readonly domain: string;
  readonly opType: string;
  readonly shape: Facet<ShapeRule>;
  readonly kernel: Facet<readonly KernelDecl[]>;
  readonly fp16: Facet<Fp16Facts>;
  readonly body: Facet<Builder>;
  readonly workspace: Facet<WorkspaceRule>;
  readonly prepack: Facet<PrepackFacts>;
  readonly arenaScratch: Facet<ScratchSplit>;
  /** Stated by the sequence ops only (see the file comment); not one of FACETS. */
  readonly sequence?: Facet<SequenceRule>;
}

/** A kernel's PrePack: the rule, whether its packs stay private to the node, and whether they are arena chunks. */
export interface PrepackFacts {
  rule: PrepackRule;
  /** Packs live inside the kernel and are never shared between nodes. */
  private: boolean;
  /** Packs are plain `alloc->Alloc` chunks inside the arena's regions; otherwise a `Reserve` of exactly the packed size, outside them. */
  arenaChunk: boolean;
}

/** The facets an entry must state, in order; the registry test walks them. */
export const FACETS = ['shape', 'kernel', 'fp16', 'body', 'workspace', 'prepack', 'arenaScratch'] as const;
export type FacetName = (typeof FACETS)[number];

/** The one key format: `ai.onnx::Conv`, `com.microsoft::FusedConv` (both spellings of the default domain give `ai.onnx`). */
export function opKey(domain: string, opType: string): string {
  return `${domainName(domain)}::${opType}`;
}

/** Builds an entry; `domain` may be written 'ai.onnx'. */
export function op(domain: string, opType: string, facets: Omit<OpEntry, 'key' | 'domain' | 'opType'>): OpEntry {
  return { key: opKey(domain, opType), domain: normalizeDomain(domain), opType, ...facets };
}

const absent = (reason: string, source?: string): { present: false; reason: string; source?: string } => (source === undefined ? { present: false, reason } : { present: false, reason, source });

// --- shape ---
/** A shape rule written from the op's schema (ONNX defs.cc, or ORT's contrib defs); test/shape checks many against ORT's own inference. */
export const shapeRule = (value: ShapeRule): Facet<ShapeRule> => ({ present: true, value, evidence: { kind: 'schema', where: 'the operator schema (onnx/defs/**/defs.cc, onnxruntime/core/graph/contrib_ops/*_defs.cc)' } });
export const noShapeRule: Facet<ShapeRule> = absent('no shape rule: its outputs have unknown type and shape, so their sizes are unavailable');

// --- kernel declarations ---
/** Alias / in-place declarations read from the CPU kernel registrations (docs/ort-planner.md §2), checked by test:oracle on the models that use them. */
export const kernelDecl = (value: readonly KernelDecl[], note?: string): Facet<readonly KernelDecl[]> => ({ present: true, value, evidence: { kind: 'source', file: 'core/providers/cpu/**, contrib_ops/cpu/** (KernelDefBuilder Alias / VariadicAlias / MayInplace)', ...(note ? { note } : {}) } });
export const declaresNoAlias: Facet<readonly KernelDecl[]> = absent('its CPU kernel registration declares no Alias, VariadicAlias or MayInplace (docs/ort-planner.md §2 lists every one that does): outputs get a fresh or a reused dead buffer');

// --- fp16 ---
/** fp16 coverage measured on the 1.30 binary (docs/ort-graph-at-disabled.md §3). */
export const fp16Facts = (value: Fp16Facts, note?: string): Facet<Fp16Facts> => ({ present: true, value, evidence: { kind: 'measured', how: note ? `onnxruntime-node 1.30 sessions on fp16 nodes; ${note}` : 'onnxruntime-node 1.30 sessions on fp16 nodes (placed kernel, inserted Casts)' } });
export const noFp16Row: Facet<Fp16Facts> = absent('fp16 coverage not measured: an fp16 node of this op is left as it is and its cast insertion is not modeled');

// --- function body ---
/** A function body written from the ONNX definition and checked against ORT's profile (node count, op types, order). */
export const functionBody = (value: Builder): Facet<Builder> => ({ present: true, value, evidence: { kind: 'measured', how: "onnxruntime-node 1.30 profile of the expanded node: node count, op types and order" } });
export const noFunctionBody: Facet<Builder> = absent('no function body reproduced: ORT runs its kernel, or, where ORT would expand it, the node is reported as uncovered by the inliner');

// --- workspace ---
/** The reason `estimateWorkspace` turns into "no workspace formula for <op>". */
export const NO_WORKSPACE_FORMULA = 'no workspace formula';
/** A formula read from the kernel's source (WorkspaceRule.source); test/corpus compares it with ORT's node statistics. */
export const workspaceFormula = (value: WorkspaceRule): Facet<WorkspaceRule> => ({ present: true, value, evidence: { kind: 'source', file: value.source } });
const zeroRule = (file: string): WorkspaceRule => ({ source: file, estimate: () => zero(file) });
/** Zero scratch, checked against ORT 1.30's node statistics (docs/ort-cpu-scratch.md §4). */
export const zeroMeasured = (file: string): Facet<WorkspaceRule> => ({ present: true, value: zeroRule(file), evidence: { kind: 'measured', how: 'ORT 1.30 node statistics: total_temp_allocations 0', file } });
/** Zero scratch, checked by one of this project's probe sessions (one shape, 2 threads). */
export const zeroProbed = (file: string): Facet<WorkspaceRule> => ({ present: true, value: zeroRule(file), evidence: { kind: 'measured', how: "ORT 1.30 node statistics of this project's probe model (one shape, 2 threads)", file } });
/** Zero scratch, observed in ORT 1.30's node statistics of the corpus models only. */
export const zeroSeenInCorpus = (file: string): Facet<WorkspaceRule> => ({ present: true, value: zeroRule(file), evidence: { kind: 'measured', how: 'ORT 1.30 node statistics of the corpus models that use it (not probed further)', file } });
/** Zero scratch read from the kernel's source: it allocates nothing from the arena, or only small std::vector tables. */
export const zeroFromSource = (file: string): Facet<WorkspaceRule> => ({ present: true, value: zeroRule(file), evidence: { kind: 'source', file, note: 'allocates nothing from the arena, or only small heap tables' } });
/**
 * No scratch: the kernel's temp allocations are the element tensors it puts into its sequence
 * output, which outlive the step (the `sequence` facet models them as the sequence's elements).
 */
export const elementsNotScratch = (file: string): Facet<WorkspaceRule> => ({ present: true, value: zeroRule(file), evidence: { kind: 'measured', how: "ORT 1.30 node stats: total_temp_allocations equal the bytes of the element tensors the node allocates into its sequence (the oracle's sequence models)", file } });
/** Scratch deliberately left unavailable: the report shows `reason`. */
export const notModelled = (reason: string, source: string): Facet<WorkspaceRule> => absent(reason, source);
export const noWorkspaceFormula: Facet<WorkspaceRule> = absent(NO_WORKSPACE_FORMULA);

// --- prepack ---
/**
 * A prepack rule read from the kernel's PrePack (docs/ort-cpu-scratch.md §3). `private` packs live
 * inside the kernel and are never shared between nodes; `arenaChunk` packs are plain arena
 * allocations (most kernels pack with `MakeUniquePtr(alloc, size, use_reserve = true)`, a Reserve;
 * measured with the arena oracle: a MatMul's 512-byte pack adds 512 bytes beside the 1 MiB region,
 * ConvTranspose's 432-byte filter copy a 512-byte chunk inside it).
 */
export const prepackRule = (rule: PrepackRule, options: { private?: boolean; arenaChunk?: boolean } = {}): Facet<PrepackFacts> => ({ present: true, value: { rule, private: options.private ?? false, arenaChunk: options.arenaChunk ?? false }, evidence: { kind: 'source', file: rule.source } });
export const packsNothing: Facet<PrepackFacts> = absent('its CPU kernel has no PrePack for a constant input (docs/ort-cpu-scratch.md §3 lists the kernels that pack)');

// --- arena scratch ---
/** A scratch split read from the kernel's source and checked by the arena oracle against ORT 1.30's per-node arena statistics. */
export const scratchSplit = (value: ScratchSplit, file: string): Facet<ScratchSplit> => ({ present: true, value, evidence: { kind: 'measured', how: "arena oracle: ORT 1.30's mem_bytes_in_use and mem_arena_held after the step", file } });
// --- sequence elements ---
/** A sequence rule read from the kernel's source and checked by the oracle (profile requested-in-use, node stats). */
export const sequenceRule = (value: SequenceRule, file: string): Facet<SequenceRule> => ({ present: true, value, evidence: { kind: 'measured', how: "oracle: ORT 1.30's requested-in-use after each step and its node stats (temp allocations)", file } });

export const scratchOrderUnknown: Facet<ScratchSplit> = absent('the count and order of its scratch buffers against its outputs are not modeled: after a step with scratch, the arena figures are unavailable');

/**
 * An entry whose kernel took no scratch in one of this project's probes and packs nothing, with no
 * fp16 row and no function body: what sets it apart is its shape rule, its kernel's aliasing and
 * the source file (ONNX's removed experimental ops, the ops of torch's contrib-op export).
 */
export function zeroScratchOp(domain: string, opType: string, shape: Facet<ShapeRule>, kernel: Facet<readonly KernelDecl[]>, source: string): OpEntry {
  return op(domain, opType, { shape, kernel, fp16: noFp16Row, body: noFunctionBody, workspace: zeroProbed(source), prepack: packsNothing, arenaScratch: scratchOrderUnknown });
}
