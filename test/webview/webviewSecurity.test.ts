/**
 * Untrusted model text stays text, and the bundle carries no code-from-string or HTML-string sinks.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { renderStandaloneHtml, renderWebviewHtml } from '../../src/report/renderHtml';
import { CHROMIUM_ARGS, openHarness, readWebviewBundle } from '../support/webviewHarness';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ganttPoint, nextFrames } from './pageHelpers';
import { makeSmallReport } from './reportFixtures';

const EVIL = '<img src=x onerror=alert(1)>';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

for (const sink of ['eval(', 'innerHTML', 'new Function', 'outerHTML', 'insertAdjacentHTML', 'document.write']) {
  test(`the webview bundle contains no ${sink}`, () => {
    assert.equal(readWebviewBundle().includes(sink), false);
  });
}

test('model names containing markup are shown literally and run no script', async () => {
  const h = await openHarness({ browser });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report: makeSmallReport({ namePrefix: EVIL }), fileName: `${EVIL}.onnx` });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  const p = await ganttPoint(h.page, 0.5, 2);
  await h.page.mouse.move(p.x, p.y);
  await h.page.waitForSelector('.hover-card:not([hidden])');
  assert.ok((await h.page.locator('.hover-card').innerText()).startsWith(EVIL));
  assert.ok((await h.page.locator('.breadcrumb').innerText()).includes(`${EVIL}.onnx`));
  assert.ok((await h.page.locator('.peak-card').innerText()).includes(EVIL));
  await h.page.dblclick('.axis');
  assert.equal(await h.page.locator('img').count(), 0, 'no img element was created');
  await h.page.waitForTimeout(200);
  assert.deepEqual(h.dialogs, [], 'no dialog opened');
  assert.deepEqual(h.pageErrors, []);
  await h.screenshot('untrusted-names');
  await h.close();
});

test('renderWebviewHtml() sets a nonce CSP without unsafe-inline and escapes the title', () => {
  const html = renderWebviewHtml({ cspSource: 'vscode-resource:', nonce: 'abc123', scriptUri: 'vscode-resource:/dist/webview.js', styleUri: 'vscode-resource:/dist/timeline.css', title: `${EVIL}.onnx` });
  assert.match(html, /content="default-src 'none'; img-src vscode-resource: data: blob:; style-src vscode-resource:; font-src vscode-resource:; script-src 'nonce-abc123'"/);
  assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
  assert.ok(html.includes('<title>&lt;img src=x onerror=alert(1)&gt;.onnx</title>'));
  assert.equal((html.match(/<script/g) ?? []).length, 1);
});

test('the standalone page embeds the report as inert JSON and runs under its nonce CSP', async () => {
  const report = makeSmallReport({ namePrefix: `</script><script>alert(2)</script>${EVIL}` });
  const root = join(__dirname, '..', '..');
  const html = renderStandaloneHtml(report, readWebviewBundle(), readFileSync(join(root, 'dist', 'timeline.css'), 'utf8'), {
    alternateReports: [makeSmallReport({ view: 'parallel', namePrefix: `</script><script>alert(2)</script>${EVIL}` })], nonce: 'standaloneNonce',
  });
  assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
  assert.equal(html.includes('</script><script>alert(2)'), false);
  const context = await browser.newContext({ viewport: { width: 1300, height: 800 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  const cspViolations: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
  await page.setContent(html);
  await page.waitForSelector('.gantt-canvas');
  assert.ok((await page.locator('.peak-card').innerText()).includes('</script><script>alert(2)</script>'));
  await page.click('#view-parallel');
  await page.waitForFunction(() => (globalThis as any).document.querySelector('#view-parallel')?.getAttribute('aria-pressed') === 'true');
  assert.equal(await page.locator('img').count(), 0);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  assert.deepEqual(cspViolations, []);
  await context.close();
});
