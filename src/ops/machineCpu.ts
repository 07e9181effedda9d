/**
 * The CPU feature flags of the machine the report runs on, as Linux lists them in /proc/cpuinfo
 * (the kernels ORT's MLAS picks follow them: the NCHWc block size, the int8 GEMM's packing). Read
 * once per process; null where they cannot be read (not Linux x64, or no /proc/cpuinfo).
 */
import { readFileSync } from 'node:fs';

let flags: ReadonlySet<string> | null | undefined;

/** This machine's CPU flags, or null where they are not known. */
export function machineCpuFlags(): ReadonlySet<string> | null {
  if (flags !== undefined) return flags;
  flags = null;
  if (process.arch === 'x64' && process.platform === 'linux') {
    try {
      flags = new Set((/^flags\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '').trim().split(/\s+/));
    } catch {
      flags = null;
    }
  }
  return flags;
}
