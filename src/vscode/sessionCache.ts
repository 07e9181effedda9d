/**
 * Reuses one PlanSession per model file version, keyed by path + mtime + size, so a model opened
 * twice (panel and custom editor, or reopened) is analyzed once. Free of the `vscode` module.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { LensError } from '../onnx/lensError';
import { PlanSession } from './planSession';

/** Most sessions whose workers stay alive; older ones are stopped (they restart on their next request). */
export const MAX_RUNNING_SESSIONS = 4;

/** The cache key of a model file version. */
export function sessionKey(path: string, mtimeMs: number, sizeBytes: number): string {
  return `${path}\u0000${mtimeMs}\u0000${sizeBytes}`;
}

/** Session cache; the least recently used sessions beyond MAX_RUNNING_SESSIONS have their worker stopped. */
export class SessionCache {
  private readonly sessions = new Map<string, PlanSession>();

  constructor(
    private readonly workerScript: string,
    /** Where the workers cache ORT's optimized graphs (null: no cache). */
    private readonly cacheDir: string | null = null,
  ) {}

  /** The session for the file's current version; throws LensError('io') when the file cannot be read. */
  acquire(modelPath: string): PlanSession {
    const path = resolve(modelPath);
    let mtimeMs: number;
    let sizeBytes: number;
    try {
      const st = statSync(path);
      mtimeMs = st.mtimeMs;
      sizeBytes = st.size;
    } catch (err) {
      throw new LensError('io', `Cannot read model file ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`, { cause: err });
    }
    const key = sessionKey(path, mtimeMs, sizeBytes);
    let session = this.sessions.get(key);
    if (session) {
      this.sessions.delete(key);
    } else {
      this.dropOtherVersions(path);
      session = new PlanSession(path, this.workerScript, this.cacheDir);
    }
    this.sessions.set(key, session);
    this.stopBeyondLimit();
    return session;
  }

  /** Number of cached sessions. */
  get size(): number {
    return this.sessions.size;
  }

  /** Stops every worker and forgets all sessions. */
  dispose(): void {
    for (const s of this.sessions.values()) s.stop();
    this.sessions.clear();
  }

  private dropOtherVersions(path: string): void {
    for (const [key, s] of this.sessions) {
      if (s.modelPath === path) {
        s.stop();
        this.sessions.delete(key);
      }
    }
  }

  private stopBeyondLimit(): void {
    // Map iteration order is insertion order, and acquire() re-inserts, so the first entries are the least recently used.
    let excess = this.sessions.size - MAX_RUNNING_SESSIONS;
    for (const [key, s] of this.sessions) {
      if (excess <= 0) break;
      s.stop();
      this.sessions.delete(key);
      excess--;
    }
  }
}
