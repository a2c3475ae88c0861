import { GatewayError, openDatabase } from '@mcpforge/gateway';
import {
  type ApprovalPolicy,
  DEFAULT_MAX_SPEC_BYTES,
  type ImportStep,
  importOpenApi,
  OpenApiImportError,
  type OpenApiImportResult,
} from '@mcpforge/gateway/openapi';
import { CliError } from '../cli/cli-error.js';
import { DATABASE_FLAGS, databaseLocation } from '../cli/database-location.js';
import { type FlagSpec, type FlagValues, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { type Progress, startProgress } from '../cli/progress.js';
import { postgresFailure } from '../serve/database-failure.js';

/**
 * `mcpforge gateway import openapi <file|url>`: an OpenAPI document as draft operations of a
 * workspace, straight into the gateway's database (PostgreSQL or the embedded PGlite).
 * @module
 */

const COMMAND = 'mcpforge gateway import openapi';
const APPROVALS: readonly ApprovalPolicy[] = ['none', 'unsafe', 'all'];
/** Created and updated operations the human report names one by one; skips and warnings are all listed. */
const MAX_LISTED = 40;

export const IMPORT_OPENAPI_FLAGS: readonly FlagSpec[] = [
  {
    name: 'workspace',
    value: 'SLUG',
    description: 'workspace to import into (created when missing)',
    example: 'petstore',
  },
  {
    name: 'agent',
    value: 'SLUG',
    description: 'agent whose draft lists the imported operations (created when missing)',
    example: 'pets',
  },
  {
    name: 'publish',
    description: 'publish the imported operations, and the agent with --agent (default: drafts only)',
  },
  {
    name: 'approval',
    value: 'none|unsafe|all',
    description:
      'which methods need a person to approve each call (default unsafe: POST, PUT, PATCH, DELETE)',
    example: 'unsafe',
  },
  { name: 'allow-host', description: "add the document's hosts to the workspace's upstream allow-list" },
  { name: 'allow-remote', description: 'load an http(s) document and remote $refs (through the SSRF guard)' },
  {
    name: 'base-url',
    value: 'URL',
    description: "base URL of the API when the document's servers are relative or missing",
    example: 'https://api.example.com/v1',
  },
  {
    name: 'secret-prefix',
    value: 'PREFIX',
    description: "prefix of the secrets' environment variables (default: the document's title)",
    example: 'petstore',
  },
  {
    name: 'max-size',
    value: 'BYTES',
    description: `cap on the bytes read, referenced documents included (default ${DEFAULT_MAX_SPEC_BYTES})`,
    example: '52428800',
  },
  ...DATABASE_FLAGS,
  { name: 'json', description: 'print the report as one JSON line' },
];

export const IMPORT_OPENAPI_USAGE = `Usage: ${COMMAND} <file|url> --workspace <slug> [flags]

Imports an OpenAPI 3.0 / 3.1 or Swagger 2.0 document (JSON or YAML) as one draft operation
per API operation. A re-import updates the drafts it made before (matched by method and
path) and reports created, updated and unchanged ones; nothing is duplicated. What cannot be
imported is skipped with the reason. Nothing is published without --publish.

Security schemes become header, query or cookie bindings that read \${VAR} from the gateway's
environment: the report lists the variables to set. A URL or a remote $ref is refused unless
--allow-remote; then private, loopback and link-local addresses are still refused.

Write to the database of a gateway that is not running on PGlite (the data directory is
locked while a gateway serves it); PostgreSQL may be in use.

Flags:
${flagHelp(IMPORT_OPENAPI_FLAGS)}

Examples:
  ${COMMAND} ./petstore.yaml --workspace petstore
  ${COMMAND} ./petstore.yaml --workspace petstore --agent pets --publish --allow-host
  ${COMMAND} https://example.com/openapi.json --allow-remote --workspace ex --json`;

/** What the command reports: the import, and which database it wrote. */
export interface ImportOpenApiResult extends OpenApiImportResult {
  database: 'postgres' | 'pglite';
  dataDir?: string | undefined;
}

function readApproval(value: string | true | undefined): ApprovalPolicy | undefined {
  if (typeof value !== 'string') return undefined;
  if (!(APPROVALS as readonly string[]).includes(value)) {
    throw new CliError(
      'invalid_value',
      `--approval must be one of ${APPROVALS.join(', ')} (got ${JSON.stringify(value)})`,
    );
  }
  return value as ApprovalPolicy;
}

function readMaxSize(value: string | true | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  const bytes = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!(bytes >= 1)) {
    throw new CliError(
      'invalid_value',
      `--max-size must be a number of bytes, e.g. --max-size 52428800 (got ${JSON.stringify(value)})`,
    );
  }
  return bytes;
}

function readBaseUrl(value: string | true | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!/^https?:\/\/[^/]/.test(value)) {
    throw new CliError(
      'invalid_value',
      `--base-url must be an http(s) URL, e.g. --base-url https://api.example.com/v1 (got ${JSON.stringify(value)})`,
    );
  }
  return value;
}

/** `--database-url`, `DATABASE_URL` or `--data-dir`, as `gateway serve` reads them. */
function readDatabase(
  flags: FlagValues,
  env: CliIo['env'],
): { databaseUrl?: string | undefined; dataDir?: string | undefined } {
  const location = databaseLocation(flags, env);
  return location.kind === 'postgres' ? { databaseUrl: location.url } : { dataDir: location.dataDir };
}

/** Progress on stderr: a line for each phase, a bar (or lines) over the operations. */
function progressReporter(io: CliIo): { onProgress: (step: ImportStep) => void; finish: () => void } {
  let bar: Progress | undefined;
  let phase: string | undefined;
  return {
    onProgress(step) {
      if (step.phase === 'load') io.progress('reading and validating the document');
      else if (step.phase === 'convert') io.progress('converting operations');
      else {
        if (phase !== step.phase) {
          bar?.finish();
          phase = step.phase;
          const label = step.phase === 'operations' ? 'importing operations' : 'publishing operations';
          bar = startProgress(io, { label, total: step.total });
        }
        bar?.update(step.done);
      }
    },
    finish() {
      bar?.finish();
    },
  };
}

function failure(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted && (error === signal.reason || (error as Error | undefined)?.name === 'AbortError')) {
    return new CliError(
      'interrupted',
      'stopped before the import committed: it was rolled back whole, nothing of it was written (run the same command again to import)',
      { cause: error },
    );
  }
  if (error instanceof OpenApiImportError || error instanceof GatewayError) {
    return new CliError('import_failed', error.message, { cause: error, details: { reason: error.code } });
  }
  if (error instanceof RangeError) return new CliError('invalid_value', error.message, { cause: error });
  return error;
}

/** Runs the import with `args` (after `gateway import openapi`). @throws CliError. */
export async function run(args: readonly string[], io: CliIo): Promise<CommandOutput<ImportOpenApiResult>> {
  const line = parseCommandLine(
    args,
    { flags: IMPORT_OPENAPI_FLAGS, positionals: { name: '<file|url>', min: 1, max: 1 } },
    COMMAND,
  );
  const { flags } = line;
  const source = line.positionals[0] as string;
  const workspace = flags['workspace'];
  if (typeof workspace !== 'string') {
    throw new CliError(
      'missing_argument',
      `${COMMAND} needs --workspace: ${COMMAND} ${source} --workspace <slug>`,
    );
  }
  const agent = typeof flags['agent'] === 'string' ? flags['agent'] : undefined;
  const approval = readApproval(flags['approval']);
  const maxBytes = readMaxSize(flags['max-size']);
  const choice = readDatabase(flags, io.env);
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase({
      ...choice,
      onMigration: (event) => {
        if (event.type === 'done')
          io.logger.info({ migration: event.id, durationMs: event.durationMs }, 'migration applied');
      },
    });
  } catch (error) {
    const where = choice.databaseUrl === undefined ? `PGlite in ${choice.dataDir}` : 'PostgreSQL';
    throw new CliError(
      'start_failed',
      postgresFailure(error, choice.databaseUrl) ??
        `could not open the database (${where}): ${(error as Error).message}`,
      { cause: error },
    );
  }
  const progress = progressReporter(io);
  try {
    const result = await importOpenApi(db, source, {
      workspace,
      agent,
      publish: flags['publish'] === true,
      allowHost: flags['allow-host'] === true,
      allowRemote: flags['allow-remote'] === true,
      maxBytes,
      approval,
      baseUrl: readBaseUrl(flags['base-url']),
      secretPrefix: typeof flags['secret-prefix'] === 'string' ? flags['secret-prefix'] : undefined,
      onProgress: progress.onProgress,
      signal: io.signal,
    });
    progress.finish();
    if (io.signal.aborted)
      io.progress('the import had committed whole before the signal: all of it was kept');
    return {
      result: {
        ...result,
        database: choice.databaseUrl === undefined ? 'pglite' : 'postgres',
        ...(choice.dataDir === undefined ? {} : { dataDir: choice.dataDir }),
      },
    };
  } catch (error) {
    progress.finish();
    throw failure(error, io.signal);
  } finally {
    await db.close();
  }
}

function section(title: string, lines: string[]): string[] {
  return lines.length === 0 ? [] : ['', title, ...lines.map((text) => `  ${text}`)];
}

/** The human view of the import's report. */
export function render(result: ImportOpenApiResult): string {
  const { counts, document, metrics } = result;
  const title = document.title === '' ? document.source : `${document.title} ${document.version}`.trim();
  const lines = [
    `Imported ${title} (${document.specification}, ${document.bytes} bytes) into workspace '${result.workspace}'${result.workspaceCreated ? ' (new)' : ''}`,
    `  ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.skipped} skipped, ${counts.warnings} warnings`,
    `  ${result.published ? 'published' : 'drafts only (publish with --publish)'}`,
  ];
  if (result.sectionsCreated.length > 0)
    lines.push(`  sections created: ${result.sectionsCreated.join(', ')}`);
  if (result.agent !== undefined) {
    const { agent } = result;
    const state = agent.publishedVersion === undefined ? 'draft' : `version ${agent.publishedVersion}`;
    lines.push(
      `  agent '${agent.slug}'${agent.created ? ' (new)' : ''}: ${agent.operations} operations, ${state}`,
    );
  }
  const changed = result.operations.filter((operation) => operation.status !== 'unchanged');
  const shown = changed
    .slice(0, MAX_LISTED)
    .map((o) => `${o.status.padEnd(8)} ${o.slug}  (${o.key}, tool ${o.tool})`);
  if (changed.length > MAX_LISTED)
    shown.push(`… and ${changed.length - MAX_LISTED} more (--json lists every one)`);
  lines.push(...section('Operations:', shown));
  lines.push(
    ...section(
      'Skipped:',
      result.skipped.map(
        (s) => `${s.key}${s.operationId === undefined ? '' : ` (${s.operationId})`}: ${s.reason}`,
      ),
    ),
  );
  lines.push(
    ...section(
      'Warnings:',
      result.warnings.map((w) => (w.key === undefined ? w.message : `${w.key}: ${w.message}`)),
    ),
  );
  lines.push(
    ...section(
      "Secrets to set in the gateway's environment:",
      result.secrets.map((s) => `${s.variable}  (${s.scheme}: ${s.in} ${s.name})`),
    ),
  );
  if (result.hosts.length > 0) {
    const listed =
      result.hostsAdded.length > 0
        ? `added to the allow-list: ${result.hostsAdded.join(', ')}`
        : 'none added to the allow-list (--allow-host adds them)';
    lines.push('', `Hosts: ${result.hosts.join(', ')}; ${listed}`);
  }
  const scope = metrics.scope === 'agent' ? `agent '${result.agent?.slug}'` : 'the imported operations';
  lines.push(
    '',
    `Catalog (${scope}): ${metrics.toolCount} tools, ${metrics.catalogBytes} bytes, ~${metrics.estimatedTokens} tokens; largest ${metrics.largestTool ?? '-'} (${metrics.largestToolBytes} bytes)${metrics.exceedsRecommendation ? `; more than ${metrics.recommendedMaxTools} tools: use search delivery` : ''}`,
  );
  return lines.join('\n');
}
