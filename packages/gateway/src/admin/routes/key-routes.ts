import { createKey, getKey, listKeys } from '../../keys/api-keys-table.js';
import { PAGE_PARAMETERS, pageOf, readPageRequest } from '../pagination.js';
import { checkQuery, queryFlag, queryText, readBodyFields } from '../request-input.js';
import { defineRoutes } from '../route.js';
import { KEY_CREATE_FIELDS, readKeyInput, readKeyTypeFilter } from './key-input.js';

const TAG = 'Keys';
const LIST_PARAMETERS = [...PAGE_PARAMETERS, 'workspace', 'type', 'includeRevoked'] as const;

/** API keys: created with their value shown once, listed without it, revoked without restart. */
export const KEY_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: '/keys',
    operationId: 'listKeys',
    summary:
      'List keys, newest first, without their values (filter by workspace, type; revoked ones on request)',
    tag: TAG,
    responseSchema: 'ApiKeyPage',
    successStatuses: [200],
    queryParameters: LIST_PARAMETERS,
    async handle({ db, query }) {
      checkQuery(query, LIST_PARAMETERS);
      const page = readPageRequest(query);
      const keys = await listKeys(db, {
        workspace: queryText(query, 'workspace'),
        type: readKeyTypeFilter(queryText(query, 'type')),
        includeRevoked: queryFlag(query, 'includeRevoked'),
      });
      const order = (key: { createdAt: Date; id: string }) => `${key.createdAt.toISOString()} ${key.id}`;
      return { status: 200, body: pageOf(keys, order, page, 'descending') };
    },
  },
  {
    method: 'POST',
    path: '/keys',
    operationId: 'createKey',
    summary: 'Create a key: the answer holds its value, which is never available again',
    tag: TAG,
    requestSchema: 'KeyCreate',
    responseSchema: 'CreatedKey',
    successStatuses: [201],
    async handle({ db, body }) {
      const input = readKeyInput(readBodyFields(body, KEY_CREATE_FIELDS));
      return { status: 201, body: await createKey(db, input) };
    },
  },
  {
    method: 'GET',
    path: '/keys/{key}',
    operationId: 'getKey',
    summary: 'Get a key by id, without its value',
    tag: TAG,
    responseSchema: 'ApiKey',
    successStatuses: [200],
    async handle({ db, params }) {
      return { status: 200, body: await getKey(db, params['key']!) };
    },
  },
  {
    method: 'POST',
    path: '/keys/{key}/revoke',
    operationId: 'revokeKey',
    summary: 'Revoke a key: refused from its next request on, on every gateway process (idempotent)',
    tag: TAG,
    responseSchema: 'ApiKey',
    successStatuses: [200],
    async handle({ verifier, params, body }) {
      readBodyFields(body, []);
      return { status: 200, body: await verifier.revoke(params['key']!) };
    },
  },
]);
