/**
 * Reads the extension's settings for one model file, so a workspace or folder can override them.
 * Values of the wrong type are ignored (and reported) rather than trusted.
 */
import * as vscode from 'vscode';
import { DEFAULT_GRAPH_OPTIMIZATION_LEVEL, GRAPH_OPTIMIZATION_LEVELS, MAX_INTRA_OP_THREADS, type ArenaSessionOptions, type GraphOptimizationLevel, type PlanView, type ReportSession } from '../report/report';
import { DEFAULT_ARENA_OPTIONS } from '../report/arenaOptions';

/** The settings section. */
export const SETTINGS_SECTION = 'onnxMemoryLens';

/** Settings that change the plan's session facts; a change replans open reports. */
export const SESSION_SETTINGS = ['intraOpThreads', 'l2CacheBytes', 'maxTotalSequenceLength', 'graphOptimizationLevel'] as const;

/** Settings of ORT's arena and memory pattern (and which Run to show); a change replans too. */
export const ARENA_SETTINGS = [
  'enableCpuMemArena', 'enableMemPattern', 'arenaExtendStrategy', 'arenaInitialChunkSizeBytes', 'arenaMaxDeadBytesPerChunk',
  'arenaInitialGrowthChunkSizeBytes', 'arenaMaxPowerOfTwoExtendBytes', 'arenaRun',
] as const;

/** Settings that apply to one model, after validation. */
export interface LensSettings {
  /** Budget in bytes, or null when none is set. */
  budgetBytes: number | null;
  /** Symbolic-dim bindings applied when a report opens. */
  defaultBindings: Record<string, number>;
  view: PlanView;
  /** Session facts set by the user (the rest keep the report's defaults), with the optimization level always set. */
  session: Partial<ReportSession> & { graphOptimizationLevel: GraphOptimizationLevel };
  /** One line per setting that had to be ignored, for the output channel. */
  problems: string[];
}

/** Reads and validates the settings in effect for `uri`. */
export function readSettings(uri: vscode.Uri): LensSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, uri);
  const problems: string[] = [];

  const rawBudget = config.get<unknown>('budgetBytes', null);
  let budgetBytes: number | null = null;
  if (typeof rawBudget === 'number' && Number.isFinite(rawBudget) && rawBudget >= 0) budgetBytes = rawBudget;
  else if (rawBudget !== null && rawBudget !== undefined) problems.push(`Ignored ${SETTINGS_SECTION}.budgetBytes: not a non-negative number: ${JSON.stringify(rawBudget)}`);

  const rawBindings = config.get<unknown>('defaultBindings', {});
  const defaultBindings: Record<string, number> = {};
  if (typeof rawBindings === 'object' && rawBindings !== null && !Array.isArray(rawBindings)) {
    for (const [name, value] of Object.entries(rawBindings as Record<string, unknown>)) {
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) defaultBindings[name] = value;
      else problems.push(`Ignored ${SETTINGS_SECTION}.defaultBindings.${name}: not a non-negative integer: ${JSON.stringify(value)}`);
    }
  } else if (rawBindings !== null && rawBindings !== undefined) {
    problems.push(`Ignored ${SETTINGS_SECTION}.defaultBindings: not an object`);
  }

  const rawView = config.get<unknown>('view', 'sequential');
  let view: PlanView = 'sequential';
  if (rawView === 'sequential' || rawView === 'parallel') view = rawView;
  else problems.push(`Ignored ${SETTINGS_SECTION}.view: not sequential or parallel: ${JSON.stringify(rawView)}`);

  const rawLevel = config.get<unknown>('graphOptimizationLevel', DEFAULT_GRAPH_OPTIMIZATION_LEVEL);
  let graphOptimizationLevel: GraphOptimizationLevel = DEFAULT_GRAPH_OPTIMIZATION_LEVEL;
  if ((GRAPH_OPTIMIZATION_LEVELS as readonly unknown[]).includes(rawLevel)) graphOptimizationLevel = rawLevel as GraphOptimizationLevel;
  else problems.push(`Ignored ${SETTINGS_SECTION}.graphOptimizationLevel: not one of ${GRAPH_OPTIMIZATION_LEVELS.join(', ')}: ${JSON.stringify(rawLevel)}`);

  const session: Partial<ReportSession> & { graphOptimizationLevel: GraphOptimizationLevel } = { graphOptimizationLevel };
  const positive = (key: Exclude<(typeof SESSION_SETTINGS)[number], 'graphOptimizationLevel'>, max = Number.MAX_SAFE_INTEGER): number | null => {
    const raw = config.get<unknown>(key, null);
    if (raw === null || raw === undefined) return null;
    if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 1 && raw <= max) return raw;
    problems.push(`Ignored ${SETTINGS_SECTION}.${key}: not an integer from 1 to ${max}: ${JSON.stringify(raw)}`);
    return null;
  };
  const threads = positive('intraOpThreads', MAX_INTRA_OP_THREADS);
  if (threads !== null) session.intraOpThreads = threads;
  const l2 = positive('l2CacheBytes');
  if (l2 !== null) session.l2CacheBytes = l2;
  const kv = positive('maxTotalSequenceLength');
  if (kv !== null) session.maxTotalSequenceLength = kv;

  session.arena = readArenaSettings(config, problems);
  return { budgetBytes, defaultBindings, view, session, problems };
}

/** The arena options in effect: ORT's defaults, overlaid with the valid settings. */
function readArenaSettings(config: vscode.WorkspaceConfiguration, problems: string[]): ArenaSessionOptions {
  const out: ArenaSessionOptions = { ...DEFAULT_ARENA_OPTIONS };
  const get = (key: (typeof ARENA_SETTINGS)[number]): unknown => config.get<unknown>(key, undefined);
  const flag = (key: 'enableCpuMemArena' | 'enableMemPattern'): void => {
    const raw = get(key);
    if (typeof raw === 'boolean') out[key] = raw;
    else if (raw !== undefined && raw !== null) problems.push(`Ignored ${SETTINGS_SECTION}.${key}: not true or false: ${JSON.stringify(raw)}`);
  };
  flag('enableCpuMemArena');
  flag('enableMemPattern');
  const strategy = get('arenaExtendStrategy');
  if (strategy === 'next-power-of-two' || strategy === 'same-as-requested') out.arenaExtendStrategy = strategy;
  else if (strategy !== undefined && strategy !== null) problems.push(`Ignored ${SETTINGS_SECTION}.arenaExtendStrategy: not next-power-of-two or same-as-requested: ${JSON.stringify(strategy)}`);
  const size = (key: (typeof ARENA_SETTINGS)[number], field: 'initialChunkSizeBytes' | 'maxDeadBytesPerChunk' | 'initialGrowthChunkSizeBytes' | 'maxPowerOfTwoExtendBytes' | 'run', min: number, max: number): void => {
    const raw = get(key);
    if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= min && raw <= max) out[field] = raw;
    else if (raw !== undefined && raw !== null) problems.push(`Ignored ${SETTINGS_SECTION}.${key}: not an integer from ${min} to ${max}: ${JSON.stringify(raw)}`);
  };
  size('arenaInitialChunkSizeBytes', 'initialChunkSizeBytes', 1, Number.MAX_SAFE_INTEGER);
  size('arenaMaxDeadBytesPerChunk', 'maxDeadBytesPerChunk', 0, Number.MAX_SAFE_INTEGER);
  size('arenaInitialGrowthChunkSizeBytes', 'initialGrowthChunkSizeBytes', 1, Number.MAX_SAFE_INTEGER);
  size('arenaMaxPowerOfTwoExtendBytes', 'maxPowerOfTwoExtendBytes', 1, Number.MAX_SAFE_INTEGER);
  size('arenaRun', 'run', 1, 2);
  return out;
}
