import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderWebviewHtml } from '../../src/report/renderHtml';

const ROOT = join(__dirname, '..', '..');
const WEBVIEW_BUNDLE = join(ROOT, 'dist', 'webview.js');

/** Code-execution and HTML-string sinks that must not appear in the webview bundle. */
const FORBIDDEN_SINKS: Array<[string, RegExp]> = [
  ['eval(', /\beval\s*\(/],
  ['new Function', /\bnew\s+Function\s*\(/],
  ['innerHTML', /innerHTML/],
  ['outerHTML', /outerHTML/],
  ['insertAdjacentHTML', /insertAdjacentHTML/],
  ['document.write', /document\.write(ln)?\s*\(/],
];

function webviewBundle(): string {
  if (!existsSync(WEBVIEW_BUNDLE)) execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--no-check'], { cwd: ROOT, stdio: 'inherit' });
  return readFileSync(WEBVIEW_BUNDLE, 'utf8');
}

const OPTIONS = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'bm9uY2Utb2YtdGhlLXRlc3Q=',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/timeline.css',
  title: 'Memory: <img src=x onerror=alert(1)>.onnx',
};

function cspOf(html: string): Map<string, string[]> {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(m, 'the page has a CSP meta tag');
  const directives = new Map<string, string[]>();
  for (const part of m[1]!.replace(/&#39;/g, "'").split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

test('the webview bundle holds no eval, new Function or HTML-string sinks', () => {
  const bundle = webviewBundle();
  const found = FORBIDDEN_SINKS.filter(([, re]) => re.test(bundle)).map(([name]) => name);
  assert.deepEqual(found, []);
});

test('the forbidden-sink patterns match the sinks and not look-alikes', () => {
  const samples = ['eval ("1")', 'new Function("return 1")', 'el.innerHTML = s', 'el.outerHTML = s', "el.insertAdjacentHTML('beforeend', s)", 'document.writeln(s)'];
  FORBIDDEN_SINKS.forEach(([name, re], i) => assert.match(samples[i]!, re, name));
  assert.doesNotMatch('retrieval(x)', FORBIDDEN_SINKS[0]![1]);
  assert.doesNotMatch('const newFunctionName = 1', FORBIDDEN_SINKS[1]![1]);
});

test("renderWebviewHtml() sets a CSP of default-src 'none' with nonce-only scripts and extension-only styles", () => {
  const csp = cspOf(renderWebviewHtml(OPTIONS));
  assert.deepEqual(csp.get('default-src'), ["'none'"]);
  assert.deepEqual(csp.get('script-src'), [`'nonce-${OPTIONS.nonce}'`]);
  assert.deepEqual(csp.get('style-src'), [OPTIONS.cspSource]);
  const all = [...csp.values()].flat();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:']) assert.ok(!all.includes(unsafe), `no ${unsafe} source`);
});

test('renderWebviewHtml() loads every script by the nonce and escapes the title', () => {
  const html = renderWebviewHtml(OPTIONS);
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  assert.ok(scripts.length > 0, 'the page has a script');
  for (const tag of scripts) {
    assert.ok(tag.includes(`nonce="${OPTIONS.nonce}"`), `script tag carries the nonce: ${tag}`);
    assert.ok(tag.includes(`src="${OPTIONS.scriptUri}"`), `script comes from the extension: ${tag}`);
  }
  assert.doesNotMatch(html, /unsafe-inline/);
  assert.doesNotMatch(html, /<img/);
  assert.doesNotMatch(html, /<[^>]*\son[a-z]+\s*=/i, 'no inline event handler in any tag');
});

test('renderWebviewHtml() uses the nonce it is given, so each load gets a fresh one from the host', () => {
  const a = renderWebviewHtml({ ...OPTIONS, nonce: 'QUFBQQ==' });
  const b = renderWebviewHtml({ ...OPTIONS, nonce: 'QkJCQg==' });
  assert.match(a, /nonce="QUFBQQ=="/);
  assert.match(b, /nonce="QkJCQg=="/);
});

test('the extension host bundle holds no decoder or planner: models are parsed and planned only in the worker bundle', () => {
  webviewBundle(); // builds dist/ when absent
  const host = readFileSync(join(ROOT, 'dist', 'extension.js'), 'utf8');
  const worker = readFileSync(join(ROOT, 'dist', 'planWorker.js'), 'utf8');
  for (const fn of ['function compactModel(', 'function inferShapes(', 'function broadcastShapes(', 'function computeAllocationPlan(', 'function buildReport(']) {
    assert.ok(worker.includes(fn), `the worker bundle has ${fn}`);
    assert.ok(!host.includes(fn), `the host bundle must not have ${fn}`);
  }
  // Importing one constant from a planner module drags its rule tables in (47 KB -> 470 KB once).
  assert.ok(host.length < 150_000, `the host bundle is ${host.length} bytes; keep decoding and planning code in the worker`);
});
