/**
 * Runs `runOrtOracle` in this (fresh) process and prints its result as JSON: the arena oracle uses
 * it for models whose arena regions' addresses, which the system allocator picks, decide a tie
 * between free chunks of one size (see `runOrtOracleInFreshProcess`).
 * Usage: node --import tsx test/support/ortOracleChild.ts '<json {path, options}>'
 */
import { runOrtOracle, type OracleOptions } from './ortOracle';

const { path, options } = JSON.parse(process.argv[2] ?? '{}') as { path: string; options: OracleOptions };
void runOrtOracle(path, options).then((r) => {
  process.stdout.write(JSON.stringify(r));
});
