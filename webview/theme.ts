/**
 * Canvas colours, read from CSS custom properties that media/timeline.css maps onto VS Code's
 * `--vscode-*` theme variables (canvas cannot use var() itself). Re-read when the theme changes.
 */
import { SEGMENT_KINDS, type SegmentKind } from './timeline/rowLayout';
import { formatRgb, parseColor, withContrast, type Rgb } from './contrast';

/** Resolved colours for one theme. */
export interface Palette {
  background: string;
  foreground: string;
  muted: string;
  grid: string;
  gutter: string;
  focus: string;
  selection: string;
  unavailable: string;
  outline: string;
  kinds: Record<SegmentKind, string>;
  curve: string;
  peak: string;
  lowerBound: string;
  arena: string;
  observed: string[];
  /** Modeled physical series: arena in use, arena held. */
  physical: [string, string];
  isHighContrast: boolean;
}

/** WCAG's contrast for graphics (bars, swatches, lines) against the editor background. */
export const GRAPHIC_CONTRAST = 3;

/** The --lens-* names whose colours draw graphics: each is adjusted to GRAPHIC_CONTRAST and published as --lens-swatch-*. */
const GRAPHIC_VARIABLES = [...SEGMENT_KINDS, 'unavailable', 'curve', 'peak', 'lower-bound', 'arena', 'observed-1', 'observed-2', 'observed-3', 'observed-4'];

/**
 * Reads the palette from the document's computed CSS variables. Graphic colours that do not reach
 * 3:1 against the editor background (VS Code's charts.orange on Light Modern) are moved toward
 * black or white until they do, for the canvas and, through --lens-swatch-*, for the legend's swatches.
 */
export function readPalette(): Palette {
  const cs = getComputedStyle(document.body);
  const raw = (name: string, fallback: string): string => cs.getPropertyValue(name).trim() || fallback;
  const probe = document.createElement('span');
  document.body.append(probe);
  const resolve = (color: string): Rgb | null => {
    probe.style.color = '';
    probe.style.color = color;
    return probe.style.color === '' ? null : parseColor(getComputedStyle(probe).color);
  };
  const background = resolve(raw('--lens-background', 'Canvas'));
  const adjusted = new Map<string, string>();
  for (const name of GRAPHIC_VARIABLES) {
    const c = resolve(raw(`--lens-${name}`, raw('--lens-foreground', 'CanvasText')));
    if (!c || !background) continue;
    const fixed = formatRgb(withContrast(c, background, GRAPHIC_CONTRAST));
    adjusted.set(`--lens-${name}`, fixed);
    document.body.style.setProperty(`--lens-swatch-${name}`, fixed);
  }
  probe.remove();
  const get = (name: string, fallback: string): string => adjusted.get(name) ?? raw(name, fallback);
  const fg = get('--lens-foreground', 'CanvasText');
  const kinds = Object.fromEntries(SEGMENT_KINDS.map((k) => [k, get(`--lens-${k}`, fg)])) as Record<SegmentKind, string>;
  return {
    background: get('--lens-background', 'Canvas'),
    foreground: fg,
    muted: get('--lens-muted', fg),
    grid: get('--lens-grid', fg),
    gutter: get('--lens-gutter', get('--lens-background', 'Canvas')),
    focus: get('--lens-focus', fg),
    selection: get('--lens-selection', fg),
    unavailable: get('--lens-unavailable', fg),
    outline: get('--lens-outline', ''),
    kinds,
    curve: get('--lens-curve', fg),
    peak: get('--lens-peak', fg),
    lowerBound: get('--lens-lower-bound', fg),
    arena: get('--lens-arena', fg),
    physical: [get('--lens-physical-in-use', fg), get('--lens-physical-held', fg)],
    observed: [get('--lens-observed-1', fg), get('--lens-observed-2', fg), get('--lens-observed-3', fg), get('--lens-observed-4', fg)],
    isHighContrast: document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light'),
  };
}

/** Human names of the segment kinds, for the legend and the hover card. */
export const KIND_LABELS: Record<SegmentKind, string> = {
  allocate: 'Fresh allocation',
  alias: 'Alias (shares buffer)',
  inplace: 'In-place',
  freelist: 'Reused dead buffer',
  output: 'Graph output',
  preexisting: 'Initializer / graph input',
  workspace: 'Node workspace',
};
