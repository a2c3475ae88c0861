/**
 * Live checks of an input schema as typed, before the API sees it: JSON syntax, then the rules
 * the gateway enforces on a tool's `inputSchema` (an object schema, `properties` an object of
 * schemas, `required` naming properties) and the common keyword types of JSON Schema 2020-12.
 * The admin API stays the authority: it validates again on save and on publish.
 * @module
 */

const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const COUNT_KEYWORDS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];

/** Problems of the schema in `text` (empty when it is fine), each with its JSON path. */
export function checkInputSchema(text: string): string[] {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    return [`not JSON: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems: string[] = [];
  if (!isObject(schema)) return ['the input schema must be a JSON object'];
  if (schema['type'] !== 'object') problems.push("type: must be 'object' (a tool takes named arguments)");
  checkSchema(schema, '', problems);
  return problems;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkSchema(schema: unknown, path: string, problems: string[]): void {
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  if (typeof schema === 'boolean') return;
  if (!isObject(schema)) {
    problems.push(`${path || 'schema'}: must be a schema (an object or a boolean)`);
    return;
  }
  const type = schema['type'];
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  for (const name of types) {
    if (typeof name !== 'string' || !TYPES.has(name))
      problems.push(`${at('type')}: unknown type ${JSON.stringify(name)}`);
  }
  for (const key of NUMBER_KEYWORDS) {
    if (schema[key] !== undefined && typeof schema[key] !== 'number')
      problems.push(`${at(key)}: must be a number`);
  }
  for (const key of COUNT_KEYWORDS) {
    const value = schema[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) {
      problems.push(`${at(key)}: must be a non-negative integer`);
    }
  }
  if (schema['pattern'] !== undefined) {
    if (typeof schema['pattern'] !== 'string') problems.push(`${at('pattern')}: must be a string`);
    else {
      try {
        new RegExp(schema['pattern'], 'u');
      } catch {
        problems.push(`${at('pattern')}: not a valid regular expression`);
      }
    }
  }
  if (schema['enum'] !== undefined && !Array.isArray(schema['enum']))
    problems.push(`${at('enum')}: must be an array`);
  const properties = schema['properties'];
  if (properties !== undefined) {
    if (!isObject(properties)) problems.push(`${at('properties')}: must be an object`);
    else
      for (const [name, sub] of Object.entries(properties))
        checkSchema(sub, at(`properties.${name}`), problems);
  } else if (types.includes('object') && path === '') {
    problems.push('properties: must be present (an object, empty when the tool takes no arguments)');
  }
  const required = schema['required'];
  if (required !== undefined) {
    if (!Array.isArray(required) || required.some((name) => typeof name !== 'string')) {
      problems.push(`${at('required')}: must be an array of property names`);
    } else if (isObject(properties)) {
      for (const name of required) {
        if (!(name in properties))
          problems.push(`${at('required')}: names ${JSON.stringify(name)}, which is not a property`);
      }
    }
  }
  const additional = schema['additionalProperties'];
  if (additional !== undefined) checkSchema(additional, at('additionalProperties'), problems);
  if (schema['items'] !== undefined) checkSchema(schema['items'], at('items'), problems);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0)
      problems.push(`${at(key)}: must be a non-empty array of schemas`);
    else {
      list.forEach((sub, index) => {
        checkSchema(sub, at(`${key}[${index}]`), problems);
      });
    }
  }
}
