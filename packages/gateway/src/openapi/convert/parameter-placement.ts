import type { ArgumentPlacement, ArrayStyle } from '../../catalog/rest-binding.js';
import type { NormalParameter } from './normal-document.js';
import { isRecord } from './records.js';

/**
 * Where a parameter goes in the binding. Query: `form` (the default; explode by default) is
 * `repeat` for arrays and `flat` for objects when exploded, `comma` when not;
 * `spaceDelimited` is `space`, `pipeDelimited` is `pipe`; `deepObject` is `deep`. Path:
 * `simple` only (an array as `a,b`). Header: `simple`. Cookie: `form` (an array as `a,b`).
 * Anything else cannot be sent and is refused with the reason.
 * @module
 */

/** Header parameters OpenAPI says to ignore: the binding sets them. */
export const IGNORED_HEADER_PARAMETERS = new Set(['accept', 'content-type', 'authorization']);

/** The JSON types a parameter schema allows ('' when unknown). */
function kindOf(schema: unknown): 'array' | 'object' | 'scalar' {
  if (!isRecord(schema)) return 'scalar';
  const type = schema['type'];
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('array')) return 'array';
  if (types.includes('object') || (type === undefined && isRecord(schema['properties']))) return 'object';
  return 'scalar';
}

/** The placement of `parameter` (its name there), or why it cannot be sent. */
export function placementOf(
  parameter: NormalParameter,
  placeholder: string,
): ArgumentPlacement | { refused: string } {
  if (parameter.unsupported !== undefined) return { refused: parameter.unsupported };
  const kind = kindOf(parameter.schema);
  const label = `${parameter.in} parameter '${parameter.name}'`;
  switch (parameter.in) {
    case 'path': {
      if ((parameter.style ?? 'simple') !== 'simple')
        return { refused: `${label} has style ${parameter.style}` };
      if (kind === 'object') return { refused: `${label} is an object` };
      return { in: 'path', name: placeholder };
    }
    case 'query': {
      const style = parameter.style ?? 'form';
      const explode = parameter.explode ?? style === 'form';
      let arrayStyle: ArrayStyle | undefined;
      if (style === 'form') arrayStyle = explode ? (kind === 'object' ? 'flat' : 'repeat') : 'comma';
      else if (style === 'spaceDelimited' && kind !== 'object') arrayStyle = 'space';
      else if (style === 'pipeDelimited' && kind !== 'object') arrayStyle = 'pipe';
      else if (style === 'deepObject' && kind === 'object') arrayStyle = 'deep';
      if (arrayStyle === undefined)
        return {
          refused: `${label} has style ${style}, which cannot send a${kind === 'object' ? 'n object' : ' value'}`,
        };
      return { in: 'query', name: parameter.name, arrayStyle };
    }
    case 'header': {
      if (kind === 'object') return { refused: `${label} is an object` };
      return { in: 'header', name: parameter.name.toLowerCase() };
    }
    case 'cookie': {
      if (kind === 'object') return { refused: `${label} is an object` };
      return { in: 'cookie', name: parameter.name };
    }
  }
}
