import { verifyApproval } from './approval.js';
import { corpus } from './corpus.js';
import type { LibraryDocument } from './document.js';
import type { DraftOutcome } from './draft.js';
import { draftContentsProblem } from './draft-rules.js';
import type { DraftStore } from './draft-store.js';
import { LibraryError } from './library-error.js';
import { type SearchHit, SearchIndex } from './search-index.js';

/** Hits returned when the caller gives no limit. */
export const DEFAULT_SEARCH_LIMIT = 3;
/** The most hits one search returns. */
export const MAX_SEARCH_LIMIT = 5;

/** A document as read: everything but its access label. */
export interface DocumentView {
  readonly id: string;
  readonly title: string;
  readonly author: string;
  readonly text: string;
}

/** A request to create a draft, with the operator's approval of exactly these contents. */
export interface DraftRequest {
  /** The operation as the operator approved it (free text, part of what the approval signs). */
  readonly operation: string;
  readonly slug: string;
  readonly title: string;
  readonly text: string;
  readonly approval: string;
}

export interface LibraryOptions {
  /** The corpus; the bundled one by default. Only public documents are ever served. */
  readonly documents?: readonly LibraryDocument[];
  /** Where drafts go; without a store, creating drafts is refused. */
  readonly drafts?: DraftStore;
}

/**
 * The library's process state (the server's one Manager): the permitted corpus,
 * its search index and the draft store. Knows nothing of MCP.
 */
export class Library {
  readonly #permitted: ReadonlyMap<string, LibraryDocument>;
  readonly #index: SearchIndex;
  readonly #drafts: DraftStore | undefined;

  constructor(options: LibraryOptions = {}) {
    // Access is decided before anything is indexed: private documents never
    // influence ranking, snippets or statistics.
    const permitted = (options.documents ?? corpus).filter((document) => document.access === 'public');
    this.#permitted = new Map(permitted.map((document) => [document.id, document]));
    this.#index = new SearchIndex(permitted);
    this.#drafts = options.drafts;
  }

  /** Whether this library can store drafts. */
  get acceptsDrafts(): boolean {
    return this.#drafts !== undefined;
  }

  /** Lexical search of the permitted corpus; a query without words finds nothing. */
  search(query: string, limit = DEFAULT_SEARCH_LIMIT): SearchHit[] {
    return this.#index.search(query, Math.min(Math.max(Math.trunc(limit), 0), MAX_SEARCH_LIMIT));
  }

  /**
   * A permitted document by its stable id. An unknown id and a private one are
   * refused alike, so the answer does not reveal which ids exist.
   */
  read(id: string): DocumentView {
    const document = this.#permitted.get(id);
    if (document === undefined)
      throw new LibraryError('ERR_DOCUMENT_NOT_FOUND', `no document with id '${id}'`);
    return { id: document.id, title: document.title, author: document.author, text: document.text };
  }

  /**
   * Stores an unpublished draft if `approval` is the operator's approval of exactly
   * these contents under `approvalKey`. The same approval twice stores nothing
   * more and returns the first draft with `created: false`.
   */
  async createDraft(request: DraftRequest, approvalKey: string): Promise<DraftOutcome> {
    if (this.#drafts === undefined)
      throw new LibraryError('ERR_DRAFTS_DISABLED', 'this library does not accept drafts');
    const { operation, slug, title, text, approval } = request;
    const contents = { operation, slug, title, text };
    // The schema checked this already; the domain does not rely on its caller.
    const problem = draftContentsProblem(contents);
    if (problem !== undefined) throw new LibraryError('ERR_INVALID_DRAFT', problem);
    if (!verifyApproval(approvalKey, contents, approval)) {
      throw new LibraryError(
        'ERR_APPROVAL_INVALID',
        'approval does not match these contents; ask the operator to approve exactly this operation, slug, title and text',
      );
    }
    return this.#drafts.insert({ slug, title, text }, approval);
  }

  /** Releases the draft store. */
  async close(): Promise<void> {
    await this.#drafts?.close();
  }
}
