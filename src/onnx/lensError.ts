/** Error codes; each is a fixed string so messages posted to the webview stay readable. */
export type LensErrorCode =
  | 'not-onnx'
  | 'truncated'
  | 'bad-model'
  | 'cycle'
  | 'external-data'
  | 'too-deep'
  | 'duplicate-name'
  | 'bad-argument'
  | 'profile'
  | 'cancelled'
  | 'io'
  | 'internal';

/** Base class of every error the core throws on purpose. `message` is one line, no trailing period. */
export class LensError extends Error {
  constructor(
    readonly code: LensErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A problem with the bytes of the model file (or its external data). */
export class OnnxFormatError extends LensError {
  constructor(
    code: LensErrorCode,
    message: string,
    readonly byteOffset: number | null = null,
    options?: ErrorOptions,
  ) {
    super(code, message, options);
  }
}

/** A problem found while inferring shapes. */
export class ShapeError extends LensError {
  constructor(
    code: LensErrorCode,
    message: string,
    readonly nodeName: string | null = null,
    options?: ErrorOptions,
  ) {
    super(code, message, options);
  }
}

/** A problem found while planning (e.g. a cycle). */
export class PlanError extends LensError {}

/** Throws LensError('internal') when `cond` is false. */
export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new LensError('internal', message);
}

/** Marks a switch as exhaustive. */
export function assertUnreachable(x: never): never {
  throw new LensError('internal', `Unexpected value ${JSON.stringify(x)}`);
}
