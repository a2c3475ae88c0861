/** Who may see a document. Private documents never reach search or read. */
export type DocumentAccess = 'public' | 'private';

/** One author-owned document of the library corpus. */
export interface LibraryDocument {
  /** Stable identifier: lowercase words joined by hyphens. Never a path. */
  readonly id: string;
  readonly title: string;
  readonly author: string;
  readonly text: string;
  readonly access: DocumentAccess;
}
