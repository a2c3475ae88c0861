import { type JsonSchema, SchemaCompiler, type Validator } from '@mcpforge/server';
import type { ListedTool } from './list-tools.js';
import type { Findings } from './report.js';
import { toolLabel } from './tool-names.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tool's compiled input validator, when its schema compiled. */
export type InputValidators = Map<string, Validator>;

/**
 * Input and output schemas as a host's validator sees them: JSON Schema 2020-12 compiled by the
 * toolkit's (strict) compiler, `type: object` at the root, `properties` an object,
 * `additionalProperties` stated. Returns the validators of the input schemas that compiled.
 */
export function checkToolSchemas(tools: readonly ListedTool[], findings: Findings): InputValidators {
  const compiler = new SchemaCompiler();
  const validators: InputValidators = new Map();
  let problems = 0;
  tools.forEach((tool, index) => {
    const label = toolLabel(tool, index);
    const input = tool.inputSchema;
    if (!isObject(input)) {
      problems++;
      findings.error(
        'schemas',
        'input_schema_missing',
        'no inputSchema object',
        'give every tool an inputSchema, at least { "type": "object", "properties": {} }',
        label,
      );
      return;
    }
    problems += rootProblems(input, 'inputSchema', label, findings);
    const validator = compile(compiler, input, 'inputSchema', label, findings);
    if (validator === undefined) problems++;
    else if (typeof tool.name === 'string') validators.set(tool.name, validator);
    if (input['additionalProperties'] === undefined && isObject(input['properties'])) {
      problems++;
      findings.warn(
        'schemas',
        'additional_properties_missing',
        'inputSchema does not state additionalProperties: a model may send fields nobody reads',
        'add "additionalProperties": false (or true, on purpose)',
        label,
      );
    }
    const output = tool['outputSchema'];
    if (output === undefined) return;
    if (!isObject(output) || output['type'] !== 'object') {
      problems++;
      findings.error(
        'schemas',
        'output_schema_invalid',
        'outputSchema is not an object schema with type "object"',
        'make outputSchema { "type": "object", ... } or leave it out',
        label,
      );
      return;
    }
    if (compile(compiler, output, 'outputSchema', label, findings) === undefined) problems++;
  });
  if (problems === 0)
    findings.ok('schemas', `${tools.length} input schema(s) compile as JSON Schema 2020-12`);
  return validators;
}

/** `type: object` and a `properties` object at the root; the number of problems found. */
function rootProblems(
  schema: Record<string, unknown>,
  what: string,
  label: string,
  findings: Findings,
): number {
  let problems = 0;
  if (schema['type'] !== 'object') {
    problems++;
    findings.error(
      'schemas',
      'input_schema_not_object',
      `${what} has type ${JSON.stringify(schema['type'])}, not "object"`,
      `make the root of ${what} { "type": "object", "properties": {...} }: tool arguments are one object`,
      label,
    );
  }
  if (!isObject(schema['properties'])) {
    problems++;
    findings.error(
      'schemas',
      'schema_properties_missing',
      `${what} has ${schema['properties'] === undefined ? 'no properties' : 'properties that are not an object'}: some hosts refuse the tool or crash`,
      'always write "properties", even as {} for a tool without arguments',
      label,
    );
  }
  return problems;
}

function compile(
  compiler: SchemaCompiler,
  schema: Record<string, unknown>,
  what: string,
  label: string,
  findings: Findings,
): Validator | undefined {
  try {
    return compiler.compile(schema as JsonSchema);
  } catch (error) {
    findings.error(
      'schemas',
      'schema_does_not_compile',
      `${what} does not compile as JSON Schema 2020-12: ${(error as Error).message.slice(0, 300)}`,
      'fix the schema (unknown keywords, wrong keyword types and remote $refs are refused)',
      label,
    );
    return undefined;
  }
}
