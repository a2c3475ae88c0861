import { SchemaCompiler, type Validator } from '@mcpforge/server';
import { TOOLSET_TOOL_NAMES } from '../protocol/index.js';
import { ToolsetError } from './toolset-error.js';
import type { StaticTool, ToolDefinition, ToolsetDefinition } from './types.js';

/** A value checked against its schema: the copy with defaults filled in, and the issues. */
export interface CheckedValue {
  value: Record<string, unknown>;
  issues: string[];
}

/** The tools a server declared, checked once: unique names, compilable schemas. */
export class Definitions {
  readonly staticTools = new Map<string, StaticTool>();
  readonly toolsets = new Map<string, ToolsetDefinition>();
  /** Dynamic tool name → its toolset. */
  readonly toolsetOf = new Map<string, string>();
  readonly #validators = new Map<string, Validator>();
  readonly #compiler = new SchemaCompiler({ useDefaults: true });

  constructor(tools: StaticTool[], toolsets: Record<string, ToolsetDefinition>) {
    const taken = new Set<string>(Object.values(TOOLSET_TOOL_NAMES));
    const claim = (tool: ToolDefinition, owner: string) => {
      if (typeof tool.name !== 'string' || tool.name === '' || taken.has(tool.name)) {
        throw new ToolsetError(
          'ERR_TOOLSET_DEFINITION',
          `Tool name ${JSON.stringify(tool.name)} of ${owner} is empty, reserved or already used: give every tool its own name`,
        );
      }
      taken.add(tool.name);
      this.#validators.set(tool.name, this.#compile(tool.inputSchema, `tool ${tool.name}`));
    };
    for (const tool of tools) {
      claim(tool, 'the static tools');
      this.staticTools.set(tool.name, tool);
    }
    for (const [name, toolset] of Object.entries(toolsets)) {
      if (toolset.tools.length === 0) {
        throw new ToolsetError('ERR_TOOLSET_DEFINITION', `Toolset ${name} has no tools`);
      }
      for (const tool of toolset.tools) {
        claim(tool, `toolset ${name}`);
        this.toolsetOf.set(tool.name, name);
      }
      if (toolset.optionsSchema !== undefined) {
        this.#validators.set(
          `\u0000${name}`,
          this.#compile(toolset.optionsSchema, `toolset ${name} options`),
        );
      }
      this.toolsets.set(name, toolset);
    }
  }

  /**
   * Checks `value` against tool `name`'s input schema (or a toolset's options with `options`)
   * with the toolkit's JSON Schema 2020-12 validator, on a copy with the schema's `default`s
   * filled in wherever the validation reaches (nested objects, `items`, `$ref`, `allOf`,
   * `if`/`then`; not under `anyOf`/`oneOf`). The caller's value is never changed.
   */
  check(name: string, value: Record<string, unknown>, options = false): CheckedValue {
    const validator = this.#validators.get(options ? `\u0000${name}` : name);
    const filled = structuredClone(value);
    if (validator === undefined) return { value: filled, issues: [] };
    const outcome = validator(filled);
    return { value: filled, issues: outcome.ok ? [] : outcome.issues.map((issue) => issue.message) };
  }

  /** Whether hosts need `toolset_open`/`toolset_close` (some toolset is closed or has instances). */
  get needsOpenClose(): boolean {
    return [...this.toolsets.values()].some((set) => set.instances === true || set.default !== 'open');
  }

  #compile(schema: unknown, what: string): Validator {
    try {
      return this.#compiler.compile(schema as never);
    } catch (error) {
      throw new ToolsetError(
        'ERR_TOOLSET_DEFINITION',
        `The schema of ${what} does not compile: ${(error as Error).message}`,
      );
    }
  }
}
