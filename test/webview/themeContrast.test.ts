/**
 * WCAG AA contrast of the legend in the built webview (headless Chromium), measured from the
 * computed colours against the editor background in the Light Modern, Dark Modern and High Contrast
 * colours of the harness: 4.5:1 for the labels (text), 3:1 for the swatches (graphics).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, openHarness } from '../support/webviewHarness';
import { contrastRatio, parseColor } from '../../webview/contrast';
import { nextFrames } from './pageHelpers';
import { makeSmallReport } from './reportFixtures';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

for (const theme of ['light', 'dark', 'highContrast'] as const) {
  test(`${theme}: every legend swatch reaches 3:1 and every legend label 4.5:1 against the editor background`, async () => {
    const h = await openHarness({ browser, theme });
    await h.waitForPosted('ready');
    await h.deliver({ type: 'report', report: makeSmallReport(), fileName: 'small.onnx' });
    await h.page.waitForSelector('.legend-item');
    await nextFrames(h.page);
    const measured = await h.page.evaluate(() => {
      const g = globalThis as any;
      const bg = g.getComputedStyle(g.document.body).backgroundColor as string;
      const items = [...g.document.querySelectorAll('.legend-item')].map((item: any) => {
        const swatch = g.getComputedStyle(item.querySelector('.swatch'));
        // A box swatch shows its background; line, dashed and hatched ones their border.
        const isBox = swatch.backgroundColor !== 'rgba(0, 0, 0, 0)' && swatch.backgroundColor !== 'transparent';
        return { label: item.innerText as string, swatch: (isBox ? swatch.backgroundColor : swatch.borderTopColor) as string, text: g.getComputedStyle(item.lastElementChild).color as string };
      });
      return { bg, items };
    });
    const bg = parseColor(measured.bg)!;
    assert.ok(bg, `background ${measured.bg}`);
    assert.ok(measured.items.length >= 11, `legend entries: ${measured.items.length}`);
    const failures: string[] = [];
    for (const item of measured.items) {
      const swatch = contrastRatio(parseColor(item.swatch)!, bg);
      const text = contrastRatio(parseColor(item.text)!, bg);
      if (swatch < 3) failures.push(`swatch of '${item.label}' ${item.swatch} on ${measured.bg}: ${swatch.toFixed(2)}:1`);
      if (text < 4.5) failures.push(`label '${item.label}' ${item.text} on ${measured.bg}: ${text.toFixed(2)}:1`);
    }
    assert.deepEqual(failures, []);
    await h.close();
  });
}
