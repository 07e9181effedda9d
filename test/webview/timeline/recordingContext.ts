/** Test support for drawTimeline: a fake 2D context that records what it is asked to draw, and a style. */
import type { TimelineContext, TimelineStyle } from '../../../webview/timeline/drawTimeline';
import { SEGMENT_KINDS, type SegmentKind } from '../../../webview/timeline/rowLayout';

/** Records the rects of each fill (with its style and alpha) and the texts drawn. */
export class RecordingContext implements TimelineContext {
  fillStyle: string | object = '';
  strokeStyle: string | object = '';
  globalAlpha = 1;
  lineWidth = 1;
  font = '';
  textBaseline = '';
  fills: Array<{ style: string | object; alpha: number; rects: number[][] }> = [];
  texts: string[] = [];
  private path: number[][] = [];
  fillRect(): void {}
  strokeRect(): void {}
  beginPath(): void { this.path = []; }
  rect(x: number, y: number, w: number, h: number): void { this.path.push([x, y, w, h]); }
  fill(): void { this.fills.push({ style: this.fillStyle, alpha: this.globalAlpha, rects: this.path }); }
  stroke(): void {}
  moveTo(): void {}
  lineTo(): void {}
  fillText(text: string): void { this.texts.push(text); }
  save(): void {}
  restore(): void {}
  clip(): void {}

  /** Every rect filled in a style other than the background. */
  barRects(): number[][] {
    return this.fills.filter((f) => f.style !== TEST_STYLE.background).flatMap((f) => f.rects);
  }
}

const kinds = Object.fromEntries(SEGMENT_KINDS.map((k) => [k, `color-${k}`])) as Record<SegmentKind, string>;

/** A style whose colours are their names, so a recorded fill says what it drew. */
export const TEST_STYLE: TimelineStyle = {
  background: 'bg', foreground: 'fg', muted: 'muted', grid: 'grid', gutter: 'gutter', selection: 'sel', focus: 'focus', outline: '',
  kinds, unavailableFill: 'hatch', unavailableStroke: 'unavail',
};
