import { DEMO_SEARCH_OPERATIONS, type DemoSearchOperation } from './search-catalog.js';

/**
 * The bundled office service behind the demo's search-mode agent `office`: one generic answer
 * per operation of search-catalog.ts, so every tool found by `search_tools` can be called. It
 * keeps nothing: each answer echoes what the call sent (path arguments, query, body) with an id.
 * @module
 */

interface Route {
  operation: DemoSearchOperation;
  pattern: RegExp;
  names: string[];
}

function routeOf(operation: DemoSearchOperation): Route {
  const names: string[] = [];
  const source = operation.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { operation, pattern: new RegExp(`^${source}$`), names };
}

// Literal paths first: `/v1/clients/search` is not the client `search`.
const ROUTES: readonly Route[] = DEMO_SEARCH_OPERATIONS.map(routeOf).sort(
  (a, b) => a.names.length - b.names.length,
);

/** The operation `method pathname` calls, with its path arguments, or undefined. */
export function matchOffice(
  method: string,
  pathname: string,
): { operation: DemoSearchOperation; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    if (route.operation.method !== method) continue;
    const match = route.pattern.exec(pathname);
    if (match === null) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1]!);
    });
    return { operation: route.operation, params };
  }
  return undefined;
}

/** Whether any office operation has this path (whatever its method): a 405 rather than a 404. */
export function isOfficePath(pathname: string): boolean {
  return ROUTES.some((route) => route.pattern.test(pathname));
}

/** Answer counter, for ids that differ from call to call. */
let answers = 0;

/** A plausible answer of `operation`: what it was asked, with an id and the operation's title. */
export function officeAnswer(
  operation: DemoSearchOperation,
  params: Record<string, string>,
  query: URLSearchParams,
  body: unknown,
): { status: number; body: unknown } {
  answers += 1;
  const firstParam = Object.values(params)[0];
  const id =
    firstParam ??
    `${operation.name.split('_').at(-1)?.slice(0, 3) ?? 'obj'}_${String(answers).padStart(4, '0')}`;
  return {
    status: operation.method === 'POST' ? 201 : 200,
    body: {
      id,
      operation: operation.name,
      title: operation.title,
      ...params,
      ...Object.fromEntries(query),
      ...(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}),
    },
  };
}
