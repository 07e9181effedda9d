import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contrastRatio, parseColor, withContrast } from '../../webview/contrast';

test('contrastRatio() gives WCAG\'s figures: 21 for black on white, 1 for a colour on itself', () => {
  assert.equal(contrastRatio(parseColor('#000000')!, parseColor('#ffffff')!), 21);
  assert.equal(contrastRatio(parseColor('rgb(31, 31, 31)')!, parseColor('#1f1f1f')!), 1);
  // VS Code's charts.orange on Light Modern's editor background is below the 3:1 WCAG asks of graphics.
  assert.ok(contrastRatio(parseColor('#d18616')!, parseColor('#ffffff')!) < 3);
});

test('withContrast() keeps a colour that passes and darkens (on light) or lightens (on dark) one that does not', () => {
  const white = parseColor('#ffffff')!;
  const orange = parseColor('#d18616')!;
  const fixed = withContrast(orange, white, 3);
  assert.ok(contrastRatio(fixed, white) >= 3);
  assert.ok(fixed.r > fixed.g && fixed.g > fixed.b, 'still orange');
  assert.deepEqual(withContrast(parseColor('#3794ff')!, parseColor('#1f1f1f')!, 3), parseColor('#3794ff'));
  const dark = parseColor('#1f1f1f')!;
  const dim = withContrast(parseColor('#333366')!, dark, 3);
  assert.ok(contrastRatio(dim, dark) >= 3 && dim.b > dim.r);
});
