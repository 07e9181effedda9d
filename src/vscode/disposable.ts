/**
 * A small Disposable base in the style of the custom-editor sample: subclasses register what they
 * own with `register`, and `dispose` releases it once, newest first.
 */

/** Anything with a `dispose` method (vscode.Disposable, Worker wrappers, listeners). */
export interface DisposableLike {
  dispose(): unknown;
}

/** Disposes every item and empties the array; keeps going when one throws, then rethrows the first error. */
export function disposeAll(items: DisposableLike[]): void {
  let first: unknown = null;
  while (items.length > 0) {
    const item = items.pop();
    try {
      item?.dispose();
    } catch (err) {
      first ??= err;
    }
  }
  if (first !== null) throw first;
}

/** Base class that owns disposables; `dispose()` is idempotent and `isDisposed` says whether it ran. */
export abstract class Disposable implements DisposableLike {
  private owned: DisposableLike[] = [];
  private disposed = false;

  /** True once dispose() has run. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Releases everything this object registered. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    disposeAll(this.owned);
  }

  /** Takes ownership of `item`; disposes it at once when this object is already disposed. */
  protected register<T extends DisposableLike>(item: T): T {
    if (this.disposed) item.dispose();
    else this.owned.push(item);
    return item;
  }
}
