/** An unpublished draft as stored. */
export interface Draft {
  readonly slug: string;
  readonly title: string;
  readonly text: string;
  readonly published: false;
  /** ISO 8601, UTC. */
  readonly createdAt: string;
}

/** What storing a draft did: `created: false` means this approval was already used. */
export interface DraftOutcome {
  readonly draft: Draft;
  readonly created: boolean;
}
