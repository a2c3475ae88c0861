import { DefinitionError } from './errors.js';

interface Expression {
  operator: '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';
  names: string[];
}

const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
const NAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

/**
 * An RFC 6570 URI template, levels 1 to 3 (no `:prefix` or `*` modifiers): expands variables
 * into a URI and matches a URI back to its variables.
 */
export class UriTemplate {
  readonly template: string;
  readonly variableNames: readonly string[];
  readonly #parts: Array<string | Expression>;
  readonly #regex: RegExp;
  readonly #captureNames: string[];

  constructor(template: string) {
    this.template = template;
    this.#parts = parse(template);
    this.#captureNames = [];
    let source = '^';
    for (const part of this.#parts) {
      if (typeof part === 'string') {
        source += escapeRegex(part);
        continue;
      }
      source += expressionPattern(part);
      this.#captureNames.push(...part.names);
    }
    this.#regex = new RegExp(`${source}$`);
    this.variableNames = [...this.#captureNames];
  }

  /** The variables of `uri` when it matches the template, else undefined. */
  match(uri: string): Record<string, string> | undefined {
    const found = this.#regex.exec(uri);
    if (found === null) return undefined;
    const variables: Record<string, string> = {};
    for (let index = 0; index < this.#captureNames.length; index++) {
      const value = found[index + 1];
      if (value === undefined) continue;
      try {
        variables[this.#captureNames[index] as string] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    return variables;
  }

  /** The URI for `variables`; undefined variables are left out as RFC 6570 says. */
  expand(variables: Record<string, string | number | boolean | undefined>): string {
    let out = '';
    for (const part of this.#parts) {
      if (typeof part === 'string') {
        out += part;
        continue;
      }
      const { operator } = part;
      const reserved = operator === '+' || operator === '#';
      const encode = reserved ? encodeReserved : encodeURIComponentStrict;
      const defined = part.names.filter((name) => variables[name] !== undefined);
      if (defined.length === 0) continue;
      const first = operator === '' || operator === '+' ? '' : operator === '&' ? '&' : operator;
      const separator =
        operator === '' || operator === '+' || operator === '#' ? ',' : operator === '?' ? '&' : operator;
      const items = defined.map((name) => {
        const value = encode(String(variables[name]));
        if (operator === ';') return value === '' ? name : `${name}=${value}`;
        if (operator === '?' || operator === '&') return `${name}=${value}`;
        return value;
      });
      out += first + items.join(separator);
    }
    return out;
  }
}

function parse(template: string): Array<string | Expression> {
  const parts: Array<string | Expression> = [];
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    if (open < 0) {
      parts.push(template.slice(index));
      break;
    }
    if (open > index) parts.push(template.slice(index, open));
    const close = template.indexOf('}', open);
    if (close < 0)
      throw new DefinitionError('ERR_URI_TEMPLATE', `Unclosed expression in URI template '${template}'`);
    let body = template.slice(open + 1, close);
    let operator: Expression['operator'] = '';
    if (OPERATORS.has(body.charAt(0))) {
      operator = body.charAt(0) as Expression['operator'];
      body = body.slice(1);
    }
    const names = body.split(',');
    for (const name of names) {
      if (!NAME.test(name)) {
        throw new DefinitionError(
          'ERR_URI_TEMPLATE',
          `Unsupported variable '${name}' in URI template '${template}' (levels 1-3: no modifiers)`,
        );
      }
    }
    parts.push({ operator, names });
    index = close + 1;
  }
  return parts;
}

function expressionPattern({ operator, names }: Expression): string {
  switch (operator) {
    case '':
      return names.map(() => '([^/?#,&=;]*)').join(',');
    case '+':
      return names.map(() => '([^?#]*?)').join(',');
    case '#':
      return `(?:#${names.map(() => '([^,]*?)').join(',')})?`;
    case '.':
      return names.map(() => '(?:\\.([^/?#.]*))?').join('');
    case '/':
      return names.map(() => '(?:/([^/?#]*))?').join('');
    case ';':
      return names.map((name) => `(?:;${escapeRegex(name)}(?:=([^;/?#]*))?)?`).join('');
    case '?':
    case '&':
      return names
        .map(
          (name, index) =>
            `(?:${index === 0 && operator === '?' ? '\\?' : '&'}${escapeRegex(name)}=([^&#]*))?`,
        )
        .join('');
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function encodeURIComponentStrict(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function encodeReserved(value: string): string {
  return encodeURI(value).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
}
