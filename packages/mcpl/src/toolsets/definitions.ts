import { SchemaCompiler, type Validator } from '@mcpforge/server';
import { TOOLSET_TOOL_NAMES } from '../protocol/index.js';
import { ToolsetError } from './toolset-error.js';
import type { StaticTool, ToolDefinition, ToolsetDefinition } from './types.js';

/** The tools a server declared, checked once: unique names, compilable schemas. */
export class Definitions {
  readonly staticTools = new Map<string, StaticTool>();
  readonly toolsets = new Map<string, ToolsetDefinition>();
  /** Dynamic tool name → its toolset. */
  readonly toolsetOf = new Map<string, string>();
  readonly #validators = new Map<string, Validator>();
  readonly #compiler = new SchemaCompiler();

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

  /** Issues of `value` against tool `name`'s input schema (or a toolset's options with `options`). */
  issues(name: string, value: unknown, options = false): string[] {
    const validator = this.#validators.get(options ? `\u0000${name}` : name);
    if (validator === undefined) return [];
    const outcome = validator(value);
    return outcome.ok ? [] : outcome.issues.map((issue) => issue.message);
  }

  /**
   * `value` with the top-level `default`s of tool `name`'s schema (or a toolset's options)
   * filled in where a property is absent; nested defaults are left to the handler.
   */
  withDefaults(name: string, value: Record<string, unknown>, options = false): Record<string, unknown> {
    const schema = options
      ? this.toolsets.get(name)?.optionsSchema
      : (
          this.staticTools.get(name) ??
          this.toolsets.get(this.toolsetOf.get(name) ?? '')?.tools.find((tool) => tool.name === name)
        )?.inputSchema;
    const properties = (schema as { properties?: unknown } | undefined)?.properties;
    if (typeof properties !== 'object' || properties === null) return value;
    const filled = { ...value };
    for (const [key, property] of Object.entries(properties as Record<string, unknown>)) {
      if (
        filled[key] === undefined &&
        typeof property === 'object' &&
        property !== null &&
        'default' in property
      ) {
        filled[key] = structuredClone((property as { default: unknown }).default);
      }
    }
    return filled;
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
