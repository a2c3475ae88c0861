import type { NormalBody } from './normal-document.js';

/**
 * The JSON media type of a request body: `application/json` first, else any `.../json` or
 * `...+json` type, else `*\/*` or `application/*`. The gateway always sends
 * `content-type: application/json`. A body without one (forms, multipart, files, XML, text, no
 * media type at all) cannot be sent: the operation is skipped with the reason.
 * @module
 */

const JSON_TYPE = /^[a-z0-9.+-]+\/([a-z0-9.+-]*\+)?json(\s*;.*)?$/;

/** The schema of the body's JSON media type, or the reason it has none. */
export function jsonBodySchema(
  body: NormalBody,
): { schema: unknown; mediaType: string } | { refused: string } {
  const types = Object.keys(body.content);
  const pick =
    types.find((type) => type.split(';')[0]?.trim() === 'application/json') ??
    types.find((type) => JSON_TYPE.test(type)) ??
    types.find((type) => type === '*/*' || type === 'application/*');
  if (pick === undefined) {
    if (types.length === 0) return { refused: 'the request body has no media type' };
    const form = types.find((type) => type.startsWith('multipart/') || type.includes('form-urlencoded'));
    if (form !== undefined)
      return { refused: `the request body is ${form} (forms and file uploads are not imported)` };
    return { refused: `the request body is ${types.join(', ')}, not JSON` };
  }
  return { schema: body.content[pick]?.schema ?? {}, mediaType: pick };
}
