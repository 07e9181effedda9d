/**
 * Runs `runOrtOracle` in this (fresh) process and prints its result as JSON: the arena oracle uses
 * it for models whose arena regions' addresses, which the system allocator picks, decide a tie
 * between free chunks of one size (see `runOrtOracleInFreshProcess`).
 * Usage: node --import tsx test/support/ortOracleChild.ts '<json {path, options}>'
 */
import { runOrtOracle, type OracleOptions } from './ortOracle';

const { path, options } = JSON.parse(process.argv[2] ?? '{}') as { path: string; options: OracleOptions };
void runOrtOracle(path, options).then((r) => {
  // The saved graph's bytes travel as base64 (JSON would write a Uint8Array as an object of indices).
  const saved = r.ok && r.saved ? { ...r.saved, compact: Buffer.from(r.saved.compact).toString('base64') } : null;
  process.stdout.write(JSON.stringify(r.ok ? { ...r, saved } : r));
});
