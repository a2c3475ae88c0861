import { resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileErrors, dereference, type ParserOptions, validate } from '@readme/openapi-parser';
import { ByteBudget } from './byte-budget.js';
import { RemoteFetcher } from './fetch-remote.js';
import { type LoadOptions, type ResolvedLoadOptions, resolveLoadOptions } from './load-options.js';
import { OpenApiImportError } from './openapi-import-error.js';
import { parseDocumentText } from './parse-text.js';
import { readFileWithin } from './read-file.js';

/**
 * Loading an OpenAPI document: read (file or, when allowed, URL) within the size cap, parse
 * (JSON or YAML), validate (Swagger 2.0, OpenAPI 3.0, 3.1) and dereference every `$ref`. The
 * parser never touches the file system or the network itself: one resolver of ours reads every
 * document it asks for, so the cap, the remote refusal and the SSRF guard apply to `$ref`s as
 * much as to the document named on the command line.
 * @module
 */

/** Which description format a document is in. */
export type SpecificationKind = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';

/** A loaded, valid, dereferenced document. */
export interface LoadedDocument {
  /** Dereferenced: no `$ref` left; recursive schemas are object cycles. */
  document: Record<string, unknown>;
  /** The absolute file path or the URL it was read from. */
  source: string;
  specification: SpecificationKind;
  /** `info.title` and `info.version`, as written. */
  title: string;
  version: string;
  /** Bytes read, every referenced document included. */
  bytes: number;
  /** Documents read: 1 plus each distinct document a `$ref` pointed into. */
  documents: number;
  /** The validator's warnings (rules downgraded from errors). */
  warnings: string[];
}

const HTTP_URL = /^https?:\/\//i;
/** A validator report is cut here: thousands of errors help nobody on a terminal. */
const MAX_ERROR_TEXT = 4000;

interface ReadContext {
  readonly options: ResolvedLoadOptions;
  readonly budget: ByteBudget;
  readonly rootIsRemote: boolean;
  /** Each document's bytes by URL: the parser asks again on its second pass (validate, then dereference). */
  readonly cache: Map<string, Buffer>;
  fetcher: RemoteFetcher | undefined;
  /** Our own refusal, kept because the parser wraps whatever a resolver throws. */
  failure: OpenApiImportError | undefined;
}

function refused(url: string): OpenApiImportError {
  return new OpenApiImportError(
    'remote_ref_refused',
    `${url}: remote documents are not loaded by default: pass --allow-remote (allowRemote: true) to fetch it through the gateway's address guard`,
  );
}

async function readBytes(context: ReadContext, url: string): Promise<Buffer> {
  const cached = context.cache.get(url);
  if (cached !== undefined) return cached;
  let bytes: Buffer;
  if (HTTP_URL.test(url)) {
    if (!context.options.allowRemote) throw refused(url);
    context.fetcher ??= new RemoteFetcher(context.options);
    bytes = await context.fetcher.fetch(url, context.budget);
  } else {
    if (context.rootIsRemote) {
      throw new OpenApiImportError(
        'remote_ref_refused',
        `${url}: a remote document may not reference local files`,
      );
    }
    const path = url.toLowerCase().startsWith('file:') ? fileURLToPath(url) : decodeURI(url);
    bytes = await readFileWithin(path, context.budget);
  }
  context.cache.set(url, bytes);
  return bytes;
}

/** The one resolver the parser gets: every URL, file or http(s), is read by {@link readBytes}. */
function resolverOf(context: ReadContext): object {
  return {
    order: 1,
    canRead: true,
    async read(file: { url: string }): Promise<unknown> {
      try {
        return parseDocumentText(await readBytes(context, file.url), file.url);
      } catch (error) {
        if (error instanceof OpenApiImportError) context.failure ??= error;
        throw error;
      }
    },
  };
}

function parserOptions(context: ReadContext): ParserOptions {
  // `file` takes a resolver object at run time (the types say boolean); `http` is the parser's
  // own fetcher, switched off here so nothing bypasses ours.
  const resolve = { external: true, file: resolverOf(context), http: { canRead: false } };
  return {
    resolve: resolve as unknown as NonNullable<ParserOptions['resolve']>,
    dereference: { circular: true },
  };
}

function kindOf(document: Record<string, unknown>): SpecificationKind {
  if (typeof document['swagger'] === 'string') return 'swagger-2.0';
  return String(document['openapi']).startsWith('3.0') ? 'openapi-3.0' : 'openapi-3.1';
}

function infoText(document: Record<string, unknown>, key: 'title' | 'version'): string {
  const info = document['info'];
  if (typeof info !== 'object' || info === null) return '';
  const value = (info as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** Our refusal if a resolver failed, the parser's error as `spec_invalid` otherwise. */
function loadFailure(context: ReadContext, error: unknown, source: string): OpenApiImportError {
  if (context.failure !== undefined) return context.failure;
  if (error instanceof OpenApiImportError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new OpenApiImportError('spec_invalid', `${source}: ${reason}`, { cause: error });
}

/**
 * Loads `source`, a file path or an http(s) URL (only with `allowRemote`), as a valid and
 * dereferenced OpenAPI or Swagger document.
 * @throws OpenApiImportError `spec_too_large`, `spec_unreadable`, `spec_invalid`,
 *   `remote_ref_refused`, `remote_fetch_failed`; RangeError for bad options.
 */
export async function loadOpenApiDocument(
  source: string,
  options: LoadOptions = {},
): Promise<LoadedDocument> {
  const resolved = resolveLoadOptions(options);
  const rootIsRemote = HTTP_URL.test(source);
  if (rootIsRemote && !resolved.allowRemote) throw refused(source);
  const root = rootIsRemote ? new URL(source).href : pathToFileURL(resolvePath(source)).href;
  const context: ReadContext = {
    options: resolved,
    budget: new ByteBudget(resolved.maxBytes),
    rootIsRemote,
    cache: new Map(),
    fetcher: undefined,
    failure: undefined,
  };
  const shown = rootIsRemote ? root : fileURLToPath(root);
  try {
    let result: Awaited<ReturnType<typeof validate>>;
    try {
      result = await validate(root, parserOptions(context));
    } catch (error) {
      throw loadFailure(context, error, shown);
    }
    if (!result.valid) {
      const text = compileErrors(result);
      const cut = text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}\n…` : text;
      throw new OpenApiImportError('spec_invalid', `${shown}: ${cut}`);
    }
    let document: Record<string, unknown>;
    try {
      document = (await dereference(root, parserOptions(context))) as unknown as Record<string, unknown>;
    } catch (error) {
      throw loadFailure(context, error, shown);
    }
    return {
      document,
      source: shown,
      specification: kindOf(document),
      title: infoText(document, 'title'),
      version: infoText(document, 'version'),
      bytes: context.budget.used,
      documents: context.cache.size,
      warnings: result.warnings.map((warning) => warning.message),
    };
  } finally {
    await context.fetcher?.close();
  }
}
