import { createWorkspace, getWorkspace, listWorkspaces } from '../../catalog/workspaces-table.js';
import { PAGE_PARAMETERS, pageOf, readPageRequest } from '../pagination.js';
import { checkQuery, readBodyFields } from '../request-input.js';
import { defineRoutes } from '../route.js';

const TAG = 'Workspaces';

/** Workspaces: the unit owning sections, allow-list, operations, agents and keys. */
export const WORKSPACE_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: '/workspaces',
    operationId: 'listWorkspaces',
    summary: 'List workspaces, by slug',
    tag: TAG,
    responseSchema: 'WorkspacePage',
    successStatuses: [200],
    queryParameters: PAGE_PARAMETERS,
    async handle({ db, query }) {
      checkQuery(query, PAGE_PARAMETERS);
      const page = readPageRequest(query);
      return { status: 200, body: pageOf(await listWorkspaces(db), (w) => w.slug, page) };
    },
  },
  {
    method: 'POST',
    path: '/workspaces',
    operationId: 'createWorkspace',
    summary: 'Create a workspace',
    tag: TAG,
    requestSchema: 'WorkspaceCreate',
    responseSchema: 'Workspace',
    successStatuses: [201],
    async handle({ db, body }) {
      const fields = readBodyFields(body, ['slug']);
      return { status: 201, body: await createWorkspace(db, { slug: fields['slug'] as string }) };
    },
  },
  {
    method: 'GET',
    path: '/workspaces/{workspace}',
    operationId: 'getWorkspace',
    summary: 'Get a workspace',
    tag: TAG,
    responseSchema: 'Workspace',
    successStatuses: [200],
    async handle({ db, params }) {
      return { status: 200, body: await getWorkspace(db, params['workspace']!) };
    },
  },
]);
