/**
 * `npm run bench`: runs every benchmark module under scripts/bench/ in turn. Each prints
 * `bench: <name> ...` lines with ratios measured in this one run; timings never go in tests.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const dir = join(__dirname, 'bench');
  const modules = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
  const cpu = require('node:os').cpus();
  console.log(`bench: machine cores=${cpu.length} cpu="${cpu[0]?.model ?? 'unknown'}" node=${process.version}`);
  for (const file of modules) {
    const name = file.replace(/\.ts$/, '');
    if (only.length > 0 && !only.includes(name)) continue;
    const mod = (await import(join(dir, file))) as { run?: () => Promise<void> };
    if (typeof mod.run !== 'function') throw new Error(`bench module ${file} exports no run()`);
    await mod.run();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
