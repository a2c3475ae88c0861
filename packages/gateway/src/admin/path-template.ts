import { readPathSegment } from './request-input.js';

/** A compiled route path: `/workspaces/{workspace}` matching `/workspaces/default`. */
export interface PathTemplate {
  readonly template: string;
  readonly names: readonly string[];
  /**
   * The parameters, percent-decoded, or undefined when `path` does not match.
   * @throws GatewayError `invalid_field` naming a parameter that is badly encoded or holds a
   *   NUL or a lone surrogate (see `readPathSegment`).
   */
  match(path: string): Record<string, string> | undefined;
}

const PARAMETER = /^\{([A-Za-z][A-Za-z0-9]*)\}$/;

/** Compiles `template`; a parameter is a whole segment, matching one non-empty segment. */
export function compilePathTemplate(template: string): PathTemplate {
  const segments = template.split('/').slice(1);
  const names = segments.flatMap((segment) => {
    const name = PARAMETER.exec(segment)?.[1];
    return name === undefined ? [] : [name];
  });
  return {
    template,
    names,
    match(path) {
      const parts = path.split('/').slice(1);
      if (parts.length !== segments.length) return undefined;
      const params: Record<string, string> = {};
      for (const [index, segment] of segments.entries()) {
        const part = parts[index]!;
        const name = PARAMETER.exec(segment)?.[1];
        if (name === undefined) {
          if (part !== segment) return undefined;
          continue;
        }
        if (part === '') return undefined;
        params[name] = readPathSegment(part, name);
      }
      return params;
    },
  };
}
