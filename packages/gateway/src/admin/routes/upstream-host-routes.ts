import {
  listUpstreamHosts,
  putUpstreamHost,
  removeUpstreamHost,
} from '../../catalog/upstream-hosts-table.js';
import { PAGE_PARAMETERS, pageOf, readPageRequest } from '../pagination.js';
import { checkQuery, readBodyFields } from '../request-input.js';
import { defineRoutes } from '../route.js';
import { upstreamHostView } from '../views.js';

const TAG = 'Upstream allow-list';

/** The hosts a workspace's operations may call (the SSRF guard's allow-list). */
export const UPSTREAM_HOST_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: '/workspaces/{workspace}/upstream-hosts',
    operationId: 'listUpstreamHosts',
    summary: "List a workspace's upstream allow-list, by pattern",
    tag: TAG,
    responseSchema: 'UpstreamHostPage',
    successStatuses: [200],
    queryParameters: PAGE_PARAMETERS,
    async handle({ db, params, query }) {
      checkQuery(query, PAGE_PARAMETERS);
      const page = readPageRequest(query);
      const hosts = (await listUpstreamHosts(db, params['workspace']!)).map(upstreamHostView);
      return { status: 200, body: pageOf(hosts, (h) => h.hostPattern, page) };
    },
  },
  {
    method: 'POST',
    path: '/workspaces/{workspace}/upstream-hosts',
    operationId: 'putUpstreamHost',
    summary: 'Add a host pattern to the allow-list (or replace the flags of that entry)',
    tag: TAG,
    requestSchema: 'UpstreamHostInput',
    responseSchema: 'UpstreamHost',
    successStatuses: [200],
    async handle({ db, params, body }) {
      const fields = readBodyFields(body, ['hostPattern', 'allowLoopback', 'allowPrivate', 'allowLinkLocal']);
      const host = await putUpstreamHost(db, params['workspace']!, {
        hostPattern: fields['hostPattern'] as string,
        allowLoopback: fields['allowLoopback'] as boolean | undefined,
        allowPrivate: fields['allowPrivate'] as boolean | undefined,
        allowLinkLocal: fields['allowLinkLocal'] as boolean | undefined,
      });
      return { status: 200, body: upstreamHostView(host) };
    },
  },
  {
    method: 'DELETE',
    path: '/workspaces/{workspace}/upstream-hosts/{hostPattern}',
    operationId: 'removeUpstreamHost',
    summary: 'Remove a host pattern from the allow-list (percent-encode it in the path)',
    tag: TAG,
    successStatuses: [204],
    async handle({ db, params }) {
      await removeUpstreamHost(db, params['workspace']!, params['hostPattern']!);
      return { status: 204 };
    },
  },
]);
