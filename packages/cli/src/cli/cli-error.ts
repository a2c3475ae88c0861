import { ExitCode, type ExitCodeValue } from './exit-code.js';

const CLI_ERROR_BRAND = Symbol.for('mcpforge.cli.CliError');

/** Why a command refused or failed; `--json` prints it as `{ error: { code, message } }`. */
export type CliErrorCode =
  /** No such command (`mcpforge gatway`); the message names the nearest one. */
  | 'unknown_command'
  /** A flag the command does not take; the message suggests the nearest one. */
  | 'unknown_flag'
  /** A flag that takes a value was given none. */
  | 'missing_value'
  /** A value of the wrong shape (`--listen foo`), or a value for a switch (`--json=1`). */
  | 'invalid_value'
  /** Two flags that exclude each other (`--database-url` and `--data-dir`). */
  | 'conflicting_flags'
  /** An argument that is not a flag where the command takes none, or one too many. */
  | 'unexpected_argument'
  /** A command's argument is missing (`mcpforge gateway keys revoke` without the key id). */
  | 'missing_argument'
  /** The gateway could not start: the database, the port, the data directory. */
  | 'start_failed'
  /** An admin command has no admin key: neither `MCPFORGE_ADMIN_KEY` nor `--admin-key-file`. */
  | 'admin_key_missing'
  /** No gateway answers at `--url` (refused, unknown host, timeout), or what answers is not one. */
  | 'gateway_unreachable'
  /** The admin API refused the request; `details` has the problem's `status` and `code`. */
  | 'admin_refused'
  /** Migrating the database failed: unreachable, newer than this code, a migration's SQL. */
  | 'migrate_failed'
  /** An OpenAPI import failed: the document (size, syntax, validity, refused `$ref`s) or the workspace; `details.reason` has the import's code. */
  | 'import_failed'
  /** Stopped by SIGINT/SIGTERM before the command's work was done; the message says what was kept. */
  | 'interrupted';

const USAGE_CODES: ReadonlySet<CliErrorCode> = new Set([
  'unknown_command',
  'unknown_flag',
  'missing_value',
  'invalid_value',
  'conflicting_flags',
  'unexpected_argument',
  'missing_argument',
  'admin_key_missing',
]);

/** A command line the CLI cannot run, or a command that failed. The message names the fix. */
export class CliError extends Error {
  readonly code: CliErrorCode;
  /** Facts for a script, beside the message in `--json` (the admin API's `status` and `code`). */
  readonly details: Readonly<Record<string, string | number>> | undefined;
  constructor(
    code: CliErrorCode,
    message: string,
    options: { cause?: unknown; details?: Readonly<Record<string, string | number>> | undefined } = {},
  ) {
    // `cause`: the gateway's error behind a start failure, for a debugger (never printed).
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.code = code;
    this.details = options.details;
    Object.defineProperty(this, CLI_ERROR_BRAND, { value: true });
  }

  /** 2 for a wrong command line, 1 for a command that failed. */
  get exitCode(): ExitCodeValue {
    return USAGE_CODES.has(this.code) ? ExitCode.usage : ExitCode.failure;
  }

  /** What `--json` prints. */
  toJSON(): { error: { code: CliErrorCode; message: string; [detail: string]: string | number } } {
    return { error: { code: this.code, message: this.message, ...this.details } };
  }

  /** Matches a `CliError` from any copy of `@mcpforge/cli`. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && CLI_ERROR_BRAND in value;
  }
}
