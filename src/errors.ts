// The typed errors kdiag raises; src/cli/exit-codes.ts is the one place that turns them into exit codes.

export abstract class KdiagError extends Error {
  abstract readonly exitCode: number;
  /** One actionable line shown under the message. */
  readonly hint: string | undefined;

  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.hint = options.hint;
  }
}

/** Bad flags, unknown command or rule id. Exit 2. */
export class UsageError extends KdiagError {
  readonly exitCode = 2;
}

/** An unreadable or invalid dump: names the file, and the line where known. Exit 2. */
export class InputError extends KdiagError {
  readonly exitCode = 2;
}

/** E_TOO_LARGE: an answer past --max-response-size or the heap budget; E_SHAPE: an answer that is not what was asked for. */
export type ClusterErrorCode = 'E_CONFIG' | 'E_UNREACHABLE' | 'E_TLS' | 'E_AUTH' | 'E_FORBIDDEN' | 'E_TIMEOUT' | 'E_SERVER' | 'E_TOO_LARGE' | 'E_SHAPE';

/** The cluster could not be reached, or refused who we are. Exit 3. */
export class ClusterError extends KdiagError {
  readonly exitCode = 3;
  constructor(
    readonly code: ClusterErrorCode,
    message: string,
    options: { hint?: string; cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

/** The named Pod or workload does not exist. Exit 4. */
export class NotFoundError extends KdiagError {
  readonly exitCode = 4;
}

/** `gate` ran out of time before the rollout finished or failed. Exit 5. */
export class TimeoutError extends KdiagError {
  readonly exitCode = 5;
}

/** A bug in kdiag. */
export class InternalError extends KdiagError {
  readonly exitCode = 70;
}
