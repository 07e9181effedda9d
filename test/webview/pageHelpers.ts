/**
 * Helpers for the Chromium webview tests: where a step/row is on screen (from the chart's own
 * scale, so tests do not duplicate layout constants), and readers for posted messages.
 */
import type { Page } from 'playwright-core';
import type { FromWebview } from '../../src/report/protocol';

/** Row height used by the chart (CSS px); mirrors ROW_HEIGHT_PX in webview/app/chartView.ts. */
export const ROW_HEIGHT_PX = 16;

/** Page coordinates of the centre of (step, row) on the Gantt canvas. */
export async function ganttPoint(page: Page, step: number, row: number): Promise<{ x: number; y: number }> {
  const box = await page.locator('.gantt-canvas').boundingBox();
  if (!box) throw new Error('Gantt canvas is not visible');
  const s = await page.evaluate(() => {
    const chart = (globalThis as any).memoryLens.chart;
    return { scale: chart.scale(), scrollTopPx: chart.scrollTopPx as number };
  });
  const { domainStart, domainEnd, rangeStartPx, rangeEndPx } = s.scale;
  const x = rangeStartPx + (step - domainStart) * ((rangeEndPx - rangeStartPx) / (domainEnd - domainStart));
  return { x: box.x + x, y: box.y + row * ROW_HEIGHT_PX + ROW_HEIGHT_PX / 2 - s.scrollTopPx };
}

/** The visible step range [start, end) of the chart. */
export async function visibleDomain(page: Page): Promise<[number, number]> {
  return page.evaluate(() => (globalThis as any).memoryLens.chart.visibleDomain() as [number, number]);
}

/** Waits two animation frames (one rAF-coalesced redraw plus paint). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(() => r()))));
}

/** The posted messages of one type. */
export function ofType<T extends FromWebview['type']>(messages: FromWebview[], type: T): Array<Extract<FromWebview, { type: T }>> {
  return messages.filter((m): m is Extract<FromWebview, { type: T }> => m.type === type);
}
