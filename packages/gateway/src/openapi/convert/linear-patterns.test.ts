import { expect, it } from 'vitest';
import { readOperationDefinition } from '../../catalog/operation-definition.js';
import { convertDocument } from './convert-document.js';

// Issue 19, point 1: imported patterns run on the linear-time engine, as the document writes
// them; one that engine cannot run refuses its operation at import, naming where it is, so
// nothing fails (or blocks) at call time.

const ok = { responses: { '200': { description: 'ok' } } };

/** A dereferenced document (as the loader hands it over) whose `POST /users` takes `newUser`. */
function document(newUser: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Users', version: '1' },
    servers: [{ url: 'https://api.users.test' }],
    paths: {
      '/users': {
        post: {
          operationId: 'createUser',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: newUser } },
          },
          ...ok,
        },
      },
      '/users/{login}': {
        get: {
          operationId: 'getUser',
          parameters: [
            { name: 'login', in: 'path', required: true, schema: { type: 'string', pattern: '^(a+)+$' } },
          ],
          ...ok,
        },
      },
    },
  };
}

it('keeps a pathological but linear pattern as written, and refuses a lookahead naming the field', () => {
  const plan = convertDocument(
    document({
      type: 'object',
      properties: {
        email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$' },
        password: { type: 'string', pattern: '^(?=.*[A-Z])(?=.*\\d).{8,}$' },
      },
    }),
  );
  expect(plan.operations.map((operation) => operation.key)).toEqual(['GET /users/{login}']);
  const draft = plan.operations[0]?.draft as Record<string, unknown>;
  expect(readOperationDefinition(draft).inputSchema['properties']).toMatchObject({
    login: { type: 'string', pattern: '^(a+)+$' },
  });
  expect(plan.skipped).toEqual([
    {
      key: 'POST /users',
      operationId: 'createUser',
      reason:
        'the gateway refuses the draft: inputSchema.properties.password.pattern: pattern "^(?=.*[A-Z])(?=.*\\\\d).{8,}$" cannot run in linear time: lookahead (?=...) is not supported',
    },
  ]);
});

it('refuses a backreference in a patternProperties key too', () => {
  const plan = convertDocument(
    document({
      type: 'object',
      properties: { labels: { type: 'object', patternProperties: { '^(\\w)\\1$': { type: 'string' } } } },
    }),
  );
  expect(plan.skipped.map((skipped) => skipped.reason)).toEqual([
    expect.stringContaining('inputSchema.properties.labels.patternProperties.^(\\w)\\1$'),
  ]);
});
