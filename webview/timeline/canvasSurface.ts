/**
 * A canvas sized in CSS pixels and backed at device-pixel resolution, wrapped once so drawing
 * code works in CSS px and stays sharp on high-DPR screens.
 */

/** A DPR-correct canvas. */
export class CanvasSurface {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  widthPx = 0;
  heightPx = 0;
  dpr = 1;

  constructor(className: string) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = className;
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('Canvas 2D context unavailable in this webview');
    this.ctx = ctx;
  }

  /** Resizes the backing store when the CSS size or DPR changed; returns true if it did. */
  resize(widthPx: number, heightPx: number): boolean {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.floor(widthPx));
    const h = Math.max(1, Math.floor(heightPx));
    if (w === this.widthPx && h === this.heightPx && dpr === this.dpr) return false;
    this.widthPx = w;
    this.heightPx = h;
    this.dpr = dpr;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    return true;
  }

  /** Resets the transform to CSS px units; call at the start of each frame. */
  begin(): CanvasRenderingContext2D {
    this.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    return this.ctx;
  }
}
