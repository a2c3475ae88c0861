/**
 * The words of a tool's input schema: property names, their descriptions and short enum values.
 * Arguments often name what a task is about when the tool's own text does not ("make the repo
 * private" is `private` of the update tool; "change my bio" is its `bio`). Bounded: at most
 * {@link MAX_SCHEMA_DEPTH} levels and {@link MAX_SCHEMA_PROPERTIES} properties are read, so a
 * huge or cyclic schema cannot make a build slow.
 * @module
 */

const MAX_SCHEMA_DEPTH = 3;
const MAX_SCHEMA_PROPERTIES = 200;
const MAX_ENUM_VALUES = 20;
const MAX_ENUM_VALUE_LENGTH = 40;

export interface SchemaText {
  /** Property names and enum values, one entry each. */
  names: string[];
  /** Property descriptions, one entry each (so shared ones can be told apart). */
  descriptions: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function schemaText(schema: unknown): SchemaText {
  const text: SchemaText = { names: [], descriptions: [] };
  let budget = MAX_SCHEMA_PROPERTIES;
  const visit = (node: unknown, depth: number) => {
    if (!isRecord(node) || depth > MAX_SCHEMA_DEPTH || budget <= 0) return;
    const properties = node['properties'];
    if (isRecord(properties)) {
      for (const [name, property] of Object.entries(properties)) {
        if (budget-- <= 0) return;
        text.names.push(name);
        if (!isRecord(property)) continue;
        const description = property['description'];
        if (typeof description === 'string') text.descriptions.push(description);
        const values = property['enum'];
        if (Array.isArray(values)) {
          for (const value of values.slice(0, MAX_ENUM_VALUES)) {
            if (typeof value === 'string' && value.length <= MAX_ENUM_VALUE_LENGTH) text.names.push(value);
          }
        }
        visit(property, depth + 1);
        visit(property['items'], depth + 1);
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const branches = node[key];
      if (Array.isArray(branches)) for (const branch of branches) visit(branch, depth + 1);
    }
  };
  visit(schema, 0);
  return text;
}
