import { createSection, listSections, updateSection } from '../../catalog/sections-table.js';
import { PAGE_PARAMETERS, pageOf, readPageRequest } from '../pagination.js';
import { checkQuery, readBodyFields } from '../request-input.js';
import { defineRoutes } from '../route.js';

const TAG = 'Sections';

/** Sections of a workspace: groups of operations, described for the model and used as search filters. */
export const SECTION_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: '/workspaces/{workspace}/sections',
    operationId: 'listSections',
    summary: "List a workspace's sections, by slug",
    tag: TAG,
    responseSchema: 'SectionPage',
    successStatuses: [200],
    queryParameters: PAGE_PARAMETERS,
    async handle({ db, params, query }) {
      checkQuery(query, PAGE_PARAMETERS);
      const page = readPageRequest(query);
      const sections = await listSections(db, params['workspace']!);
      return { status: 200, body: pageOf(sections, (s) => s.slug, page) };
    },
  },
  {
    method: 'POST',
    path: '/workspaces/{workspace}/sections',
    operationId: 'createSection',
    summary: 'Create a section',
    tag: TAG,
    requestSchema: 'SectionCreate',
    responseSchema: 'Section',
    successStatuses: [201],
    async handle({ db, params, body }) {
      const fields = readBodyFields(body, ['slug', 'title', 'description']);
      const section = await createSection(db, params['workspace']!, {
        slug: fields['slug'] as string,
        title: fields['title'] as string,
        description: fields['description'] as string | undefined,
      });
      return { status: 201, body: section };
    },
  },
  {
    method: 'PATCH',
    path: '/workspaces/{workspace}/sections/{section}',
    operationId: 'updateSection',
    summary: "Change a section's title and/or description",
    tag: TAG,
    requestSchema: 'SectionUpdate',
    responseSchema: 'Section',
    successStatuses: [200],
    async handle({ db, params, body }) {
      const fields = readBodyFields(body, ['title', 'description']);
      const section = await updateSection(db, params['workspace']!, params['section']!, {
        title: fields['title'] as string | undefined,
        description: fields['description'] as string | undefined,
      });
      return { status: 200, body: section };
    },
  },
]);
