import {
  getOperationVersion,
  listOperationVersions,
  publishOperation,
} from '../../catalog/operation-versions-table.js';
import {
  archiveOperation,
  createOperation,
  getOperation,
  listOperations,
  updateOperationDraft,
} from '../../catalog/operations-table.js';
import { PAGE_PARAMETERS, pageOf, readPageRequest } from '../pagination.js';
import { checkQuery, queryFlag, readBodyFields } from '../request-input.js';
import { defineRoutes } from '../route.js';
import { versionParam } from '../views.js';

const TAG = 'Operations';
const BASE = '/workspaces/{workspace}/operations';
const LIST_PARAMETERS = [...PAGE_PARAMETERS, 'includeArchived'] as const;

/** Operations: one editable draft each, published as numbered immutable versions. */
export const OPERATION_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: BASE,
    operationId: 'listOperations',
    summary: "List a workspace's operations, by slug (archived ones with ?includeArchived=true)",
    tag: TAG,
    responseSchema: 'OperationPage',
    successStatuses: [200],
    queryParameters: LIST_PARAMETERS,
    async handle({ db, params, query }) {
      checkQuery(query, LIST_PARAMETERS);
      const page = readPageRequest(query);
      const includeArchived = queryFlag(query, 'includeArchived');
      const operations = await listOperations(db, params['workspace']!, { includeArchived });
      return { status: 200, body: pageOf(operations, (o) => o.slug, page) };
    },
  },
  {
    method: 'POST',
    path: BASE,
    operationId: 'createOperation',
    summary: 'Create an operation with its first draft',
    tag: TAG,
    requestSchema: 'OperationCreate',
    responseSchema: 'Operation',
    successStatuses: [201],
    async handle({ db, params, body }) {
      const fields = readBodyFields(body, ['slug', 'draft']);
      const input = { slug: fields['slug'] as string, draft: fields['draft'] };
      return { status: 201, body: await createOperation(db, params['workspace']!, input) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{operation}`,
    operationId: 'getOperation',
    summary: 'Get an operation and its draft',
    tag: TAG,
    responseSchema: 'Operation',
    successStatuses: [200],
    async handle({ db, params }) {
      return { status: 200, body: await getOperation(db, params['workspace']!, params['operation']!) };
    },
  },
  {
    method: 'PUT',
    path: `${BASE}/{operation}/draft`,
    operationId: 'updateOperationDraft',
    summary: "Replace an operation's draft (published versions do not change)",
    tag: TAG,
    requestSchema: 'DraftUpdate',
    responseSchema: 'Operation',
    successStatuses: [200],
    async handle({ db, params, body }) {
      const fields = readBodyFields(body, ['draft', 'expectedDraftRevision']);
      const operation = await updateOperationDraft(
        db,
        params['workspace']!,
        params['operation']!,
        fields['draft'],
        {
          expectedDraftRevision: fields['expectedDraftRevision'] as number | undefined,
        },
      );
      return { status: 200, body: operation };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/{operation}/publish`,
    operationId: 'publishOperation',
    summary: 'Publish the draft as the next version (200 with the latest one when nothing changed)',
    tag: TAG,
    responseSchema: 'PublishedOperation',
    successStatuses: [200, 201],
    async handle({ db, params, body }) {
      readBodyFields(body, []);
      const published = await publishOperation(db, params['workspace']!, params['operation']!);
      return { status: published.created ? 201 : 200, body: published };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/{operation}/archive`,
    operationId: 'archiveOperation',
    summary: 'Archive an operation: agents published from now on leave it out (idempotent)',
    tag: TAG,
    responseSchema: 'Operation',
    successStatuses: [200],
    async handle({ db, params, body }) {
      readBodyFields(body, []);
      return { status: 200, body: await archiveOperation(db, params['workspace']!, params['operation']!) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{operation}/versions`,
    operationId: 'listOperationVersions',
    summary: "List an operation's published versions, oldest first",
    tag: TAG,
    responseSchema: 'OperationVersionPage',
    successStatuses: [200],
    queryParameters: PAGE_PARAMETERS,
    async handle({ db, params, query }) {
      checkQuery(query, PAGE_PARAMETERS);
      const page = readPageRequest(query);
      const versions = await listOperationVersions(db, params['workspace']!, params['operation']!);
      // Zero-padded so the text order is the numeric order.
      return { status: 200, body: pageOf(versions, (v) => String(v.version).padStart(10, '0'), page) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{operation}/versions/{version}`,
    operationId: 'getOperationVersion',
    summary: 'Get one published version of an operation',
    tag: TAG,
    responseSchema: 'OperationVersion',
    successStatuses: [200],
    async handle({ db, params }) {
      const version = versionParam(params['version']);
      const found = await getOperationVersion(db, params['workspace']!, params['operation']!, version);
      return { status: 200, body: found };
    },
  },
]);
