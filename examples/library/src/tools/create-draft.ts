import { type McpServer, type PermissionPatterns, s, structured, toolError } from '@mcpforge/server';
import { DRAFT_MAX_LENGTH, SLUG_PATTERN } from '../domain/draft-rules.js';
import type { Library } from '../domain/library.js';
import { LibraryError } from '../domain/library-error.js';

/** The tool's name; also the prefix of its permission patterns. */
export const CREATE_DRAFT_TOOL = 'library.create_draft';

/**
 * `library.create_draft` arguments, as the lesson declares them: the exact contents,
 * the operation the operator approved (free text, signed with the rest) and the
 * operator's approval of them.
 */
export const createDraftInput = s.object({
  slug: s.string({
    minLength: 1,
    maxLength: DRAFT_MAX_LENGTH.slug,
    pattern: SLUG_PATTERN,
    description: 'Draft slug, e.g. "spring-notes".',
  }),
  title: s.string({ minLength: 1, maxLength: DRAFT_MAX_LENGTH.title }),
  text: s.string({ minLength: 1, maxLength: DRAFT_MAX_LENGTH.text }),
  approval: s.string({
    minLength: 1,
    maxLength: DRAFT_MAX_LENGTH.approval,
    description: 'The operator approval token for exactly this operation, slug, title and text.',
  }),
  operation: s.string({
    minLength: 1,
    maxLength: DRAFT_MAX_LENGTH.operation,
    description:
      'The operation as the operator approved it, word for word, e.g. "Create the spring notes draft".',
  }),
});

/** `library.create_draft` result: the stored draft, and whether this call created it. */
export const createDraftOutput = s.object({
  created: s.boolean({ description: 'false when this approval had already created the draft' }),
  draft: s.object({ slug: s.string(), title: s.string(), published: s.boolean(), createdAt: s.string() }),
});

/** Permission patterns of one call: this slug, or every draft for an "always allow". */
export function createDraftPatterns(args: { slug: string }): PermissionPatterns {
  return { patterns: [`${CREATE_DRAFT_TOOL}:${args.slug}`], always: [`${CREATE_DRAFT_TOOL}:*`] };
}

/**
 * Registers `library.create_draft` as a pattern tool: a probe returns the
 * patterns and stores nothing. Register it only for the editor role.
 * @param approvalKey - read on every call, so a reloaded key applies at once
 */
export function registerCreateDraft(server: McpServer, library: Library, approvalKey: () => string): void {
  server.patternTool(
    {
      name: CREATE_DRAFT_TOOL,
      title: 'Create an unpublished draft',
      description:
        'Create an unpublished draft in the local database after operator approval of the exact contents. ' +
        "The approval token and the operation text come from the operator's approve command; send both exactly as given. " +
        'Reusing an approval returns the same draft and creates nothing more.',
      inputSchema: createDraftInput,
      outputSchema: createDraftOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    createDraftPatterns,
    async (args) => {
      try {
        const { draft, created } = await library.createDraft(args, approvalKey());
        const { slug, title, published, createdAt } = draft;
        return structured({ created, draft: { slug, title, published, createdAt } });
      } catch (error) {
        if (error instanceof LibraryError) return toolError(error.message);
        throw error;
      }
    },
  );
}
