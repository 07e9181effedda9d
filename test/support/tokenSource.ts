/** Test support: a cancellation token the test fires by hand (PlanSession's CancellationLike). */
import type { CancellationLike } from '../../src/vscode/planSession';

export function tokenSource(): { token: CancellationLike; cancel(): void } {
  const listeners: Array<() => unknown> = [];
  let cancelled = false;
  return {
    token: {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested(listener) {
        listeners.push(listener);
        return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
      },
    },
    cancel() {
      cancelled = true;
      for (const l of [...listeners]) l();
    },
  };
}
