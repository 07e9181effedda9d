import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columnMax, type StepSeries } from '../../../webview/timeline/drawCurve';
import { rangeMax, seriesLevels } from '../../../webview/timeline/seriesLevels';
import { createTimeScale } from '../../../webview/timeline/timeScale';
import { mulberry32 } from '../../support/seededRandom';

function randomSeries(n: number, seed: number, unknownShare: number): StepSeries {
  const rand = mulberry32(seed);
  const s: StepSeries = { values: new Float64Array(n), isKnown: new Uint8Array(n) };
  for (let i = 0; i < n; i++) {
    if (rand() < unknownShare) continue;
    s.values[i] = Math.floor(rand() * 1e6);
    s.isKnown[i] = 1;
  }
  return s;
}

test('rangeMax() equals a scan of the range, unknown steps included, for any range', () => {
  const rand = mulberry32(3);
  for (const n of [1, 2, 3, 17, 1000, 4097]) {
    const series = randomSeries(n, n, 0.05);
    const levels = seriesLevels(series);
    const out = { max: 0, hasUnknown: false };
    for (let probe = 0; probe < 500; probe++) {
      const a = Math.floor(rand() * n);
      const b = a + 1 + Math.floor(rand() * (n - a));
      let m = -1;
      let isUnknown = false;
      for (let s = a; s < b; s++) if (series.isKnown[s] === 1) m = Math.max(m, series.values[s]!); else isUnknown = true;
      rangeMax(levels, a, b, out);
      assert.deepEqual([out.max, out.hasUnknown], [m, isUnknown], `n=${n} [${a}, ${b})`);
    }
  }
});

test('columnMax() zoomed out (block maxima) gives the columns a scan of every step gives', () => {
  const n = 200_000;
  const series = randomSeries(n, 9, 0.002);
  for (const [d0, d1] of [[0, n], [1234.5, 150_000.25], [n - 50_000, n + 10]]) {
    const scale = createTimeScale(d0!, d1!, 190, 1390);
    const cols = columnMax(series, scale, 190, 1390);
    for (let i = 0; i < cols.count; i++) {
      const px = 190 + i;
      const s0 = Math.max(0, Math.floor(d0! + ((px - 190) / 1200) * (d1! - d0!)));
      const s1 = Math.min(n, Math.max(s0 + 1, Math.ceil(d0! + ((px + 1 - 190) / 1200) * (d1! - d0!))));
      let m = -1;
      let isUnknown = 0;
      for (let s = s0; s < s1; s++) if (series.isKnown[s] === 1) m = Math.max(m, series.values[s]!); else isUnknown = 1;
      assert.equal(cols.max[i], m, `column ${i}`);
      assert.equal(cols.isUnknown[i], isUnknown, `column ${i} unknown`);
    }
  }
});
