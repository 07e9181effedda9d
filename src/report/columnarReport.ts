/**
 * A columnar encoding of the Report for the host -> webview transport. A 100k-value Report as
 * objects costs seconds to structured-clone or JSON-serialize; as columns it is a few typed arrays
 * (VS Code >= 1.57 moves ArrayBuffers in webview messages without JSON) plus one string table.
 *
 * Encoding rules:
 * - Every string is an index into one string table (`text` + `ends`); -1 stands for null.
 * - Nullable numbers are Float64 with NaN for null, only inside the transport: decode restores null.
 * - Lists are flattened: a per-row length (-1 for a null list) plus the concatenated items.
 * - Each typed array owns its whole ArrayBuffer: VS Code posts a view's entire buffer, so a view
 *   over a larger buffer would send bytes that are not ours.
 * decodeReportColumns(encodeReportColumns(r)) deep-equals r. Pure: no DOM, no vscode.
 */
import { LensError } from '../onnx/lensError';
import { readStepColumns, readValueColumns, writeStepColumns, writeValueColumns, type StepColumns, type ValueColumns } from './columnarTables';
import type { Report, ReportGraph } from './report';
import { readStringTable, StringTableWriter, type StringColumns } from './stringTable';

/** Version of the columnar layout; bumped on any change to the columns. */
export const REPORT_COLUMNS_VERSION = 1;

/** One graph: its small fields as plain JSON, steps and values as columns. */
export interface GraphColumns {
  meta: Omit<ReportGraph, 'steps' | 'values'>;
  steps: StepColumns;
  values: ValueColumns;
}

/** A whole Report as columns. */
export interface ReportColumns {
  version: typeof REPORT_COLUMNS_VERSION;
  meta: Omit<Report, 'graphs'>;
  graphs: GraphColumns[];
  strings: StringColumns;
}

/** Encodes a Report as columns (see the file comment for the rules). */
export function encodeReportColumns(report: Report): ReportColumns {
  const strings = new StringTableWriter();
  const { graphs, ...meta } = report;
  return {
    version: REPORT_COLUMNS_VERSION,
    meta,
    graphs: graphs.map((g) => {
      const { steps, values, ...graphMeta } = g;
      const stepColumns = writeStepColumns(steps, strings);
      return { meta: graphMeta, steps: stepColumns, values: writeValueColumns(values, strings, { rows: steps, columns: stepColumns }) };
    }),
    strings: strings.finish(),
  };
}

/** Throws LensError('internal') unless `columns` has this build's layout version. */
export function checkReportColumnsVersion(columns: Pick<ReportColumns, 'version'>): void {
  if (columns.version !== REPORT_COLUMNS_VERSION) throw new LensError('internal', `Unsupported report columns version ${String(columns.version)}`);
}

/** Rebuilds the Report from columns; throws LensError('internal') when they are inconsistent. */
export function decodeReportColumns(columns: ReportColumns): Report {
  checkReportColumnsVersion(columns);
  const table = readStringTable(columns.strings);
  const graphs: ReportGraph[] = columns.graphs.map((g) => {
    const { id, parent, ...rest } = g.meta;
    return { id, parent, steps: readStepColumns(g.steps, table), values: readValueColumns(g.values, table), ...rest };
  });
  const { schemaVersion, tool, model, bindings, symbols, view, session, physicalPeak, ...rest } = columns.meta;
  // Keep the Report's key order so JSON exports of a decoded report match the original text.
  return { schemaVersion, tool, model, bindings, symbols, view, session, graphs, physicalPeak, ...rest } as Report;
}
