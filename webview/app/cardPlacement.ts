/**
 * Where the hover card goes: beside the pointer, but never over the bar it describes. Tried in
 * order: below the bar's row, above it, right of it, left of it; each kept inside the viewport.
 */

/** A rectangle in client px. */
export interface ClientRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GAP_PX = 6;
const POINTER_OFFSET_PX = 14;

function overlaps(a: ClientRect, b: ClientRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * The card's top-left for a card of `widthPx` × `heightPx` described bar `bar` (null: only the
 * pointer is known), pointer at (x, y), in a viewport of `viewW` × `viewH`.
 */
export function placeCard(widthPx: number, heightPx: number, x: number, y: number, bar: ClientRect | null, viewW: number, viewH: number): { left: number; top: number } {
  const clampX = (l: number): number => Math.max(0, Math.min(viewW - widthPx, l));
  const clampY = (t: number): number => Math.max(0, Math.min(viewH - heightPx, t));
  const nearX = clampX(x + POINTER_OFFSET_PX + widthPx > viewW ? x - POINTER_OFFSET_PX - widthPx : x + POINTER_OFFSET_PX);
  if (!bar) return { left: nearX, top: clampY(y + POINTER_OFFSET_PX + heightPx > viewH ? y - POINTER_OFFSET_PX - heightPx : y + POINTER_OFFSET_PX) };
  const candidates = [
    { left: nearX, top: bar.bottom + GAP_PX },
    { left: nearX, top: bar.top - GAP_PX - heightPx },
    { left: bar.right + GAP_PX, top: clampY(y - heightPx / 2) },
    { left: bar.left - GAP_PX - widthPx, top: clampY(y - heightPx / 2) },
  ];
  for (const c of candidates) {
    const box = { left: c.left, top: c.top, right: c.left + widthPx, bottom: c.top + heightPx };
    if (box.left >= 0 && box.top >= 0 && box.right <= viewW && box.bottom <= viewH && !overlaps(box, bar)) return c;
  }
  // Nothing fits whole: below the bar, cut by the viewport's bottom rather than over the bar.
  return { left: nearX, top: Math.min(bar.bottom + GAP_PX, Math.max(0, viewH - heightPx)) };
}
