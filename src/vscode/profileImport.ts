/**
 * "Import ONNX Runtime profile…": reads a profile JSON the user picks and shows its observed
 * numbers beside the view's modeled steps. Observed numbers never enter the Report.
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { LensError } from '../onnx/lensError';
import { readObservedProfile } from '../report/observedProfile';
import type { ReportView } from './reportView';

/** Largest profile read, in bytes; ORT profiles of one run are far smaller. */
export const MAX_PROFILE_BYTES = 512 * 1024 * 1024;

/** Asks for a profile file and attaches it to `view`; errors go through the view's boundary. */
export async function importProfileInto(view: ReportView): Promise<void> {
  const report = view.report;
  if (!report) {
    void vscode.window.showInformationMessage(`Import a profile once the report of ${view.fileName} has loaded`);
    return;
  }
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    filters: { 'ONNX Runtime profile': ['json'] },
    openLabel: 'Import profile',
    title: `Import an ONNX Runtime profile for ${view.fileName}`,
  });
  const uri = picked?.[0];
  if (!uri) return;
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_PROFILE_BYTES) throw new LensError('profile', `Profile ${basename(uri.fsPath)} is ${stat.size} bytes, more than ${MAX_PROFILE_BYTES}`);
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const main = report.graphs[0];
    if (!main) throw new LensError('internal', `Report of ${view.fileName} has no main graph`);
    const observed = readObservedProfile(text, basename(uri.fsPath), main.id, main.steps);
    const matched = observed.steps.filter((st) => st !== null).length;
    view.log(`Imported profile ${uri.fsPath} for ${view.fileName}: ${matched} of ${main.steps.length} steps matched`);
    view.showObserved(observed);
  } catch (err) {
    view.reportProblem(err);
  }
}
