/**
 * WCAG 2.x contrast: relative luminance, contrast ratio, and a colour moved toward black or white
 * until it reaches a ratio against a background. Theme colours are VS Code's own (charts.orange on
 * Light Modern's white is 2.9:1), so the swatches and bars drawn from them are adjusted to the
 * 3:1 that WCAG asks of graphics. Pure: no DOM.
 */

/** An sRGB colour, channels 0-255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Parses `rgb(r, g, b)`, `rgba(r, g, b, a)` (as computed styles give them) or `#rrggbb`; null otherwise. */
export function parseColor(text: string): Rgb | null {
  const t = text.trim();
  const hex = /^#([0-9a-f]{6})$/i.exec(t);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
  }
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/i.exec(t);
  return m ? { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]) } : null;
}

/** `rgb(r, g, b)` text. */
export function formatRgb(c: Rgb): string {
  return `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(c: Rgb): number {
  const ch = (v: number): number => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `color`, or the nearest mix of it with black (on light backgrounds) or white (on dark ones) that
 * reaches `minRatio` against `background`; the hue is kept, only the lightness moves.
 */
export function withContrast(color: Rgb, background: Rgb, minRatio: number): Rgb {
  if (contrastRatio(color, background) >= minRatio) return color;
  const target = relativeLuminance(background) > 0.18 ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
  for (let k = 1; k <= 20; k++) {
    const t = k / 20;
    const mixed = { r: color.r + (target.r - color.r) * t, g: color.g + (target.g - color.g) * t, b: color.b + (target.b - color.b) * t };
    const rounded = { r: Math.round(mixed.r), g: Math.round(mixed.g), b: Math.round(mixed.b) };
    if (contrastRatio(rounded, background) >= minRatio) return rounded;
  }
  return target;
}
