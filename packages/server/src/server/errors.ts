import { brand, matchesBrand } from '../errors/brand.js';
import { DomainError } from '../errors/domain-error.js';
import type { ClientCapabilities } from '../protocol/index.js';

export { DomainError };

const DEFINITION_BRAND = Symbol.for('mcpforge.server.DefinitionError');
const TOOL_DEFINITION_BRAND = Symbol.for('mcpforge.server.ToolDefinitionError');
const CAPABILITY_BRAND = Symbol.for('mcpforge.server.MissingClientCapabilityError');

export type DefinitionErrorCode =
  | 'ERR_TOOL_NAME'
  | 'ERR_TOOL_DUPLICATE'
  | 'ERR_TOOL_SCHEMA'
  | 'ERR_RESOURCE_DUPLICATE'
  | 'ERR_URI_TEMPLATE'
  | 'ERR_PROMPT_DUPLICATE'
  | 'ERR_PROMPT_NAME';

/** A registration the server refuses (bad name, duplicate, invalid schema). Thrown at startup, never sent. */
export class DefinitionError extends Error {
  readonly code: DefinitionErrorCode;
  constructor(code: DefinitionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DefinitionError';
    this.code = code;
    brand(this, DEFINITION_BRAND);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, DefinitionError, DEFINITION_BRAND, value);
  }
}

/** A tool definition the server refuses; `code` is `ERR_TOOL_NAME`, `ERR_TOOL_DUPLICATE` or `ERR_TOOL_SCHEMA`. */
export class ToolDefinitionError extends DefinitionError {
  /** The tool's name, when it has one. */
  readonly tool: string | undefined;
  /**
   * `ERR_TOOL_SCHEMA`: the schema at fault and, when the compiler knows it, where in it, as a
   * JSON pointer from the tool definition: `/inputSchema/properties/email/pattern`.
   */
  readonly schemaPath: string | undefined;

  constructor(
    code: 'ERR_TOOL_NAME' | 'ERR_TOOL_DUPLICATE' | 'ERR_TOOL_SCHEMA',
    message: string,
    options?: { cause?: unknown; tool?: string | undefined; schemaPath?: string | undefined },
  ) {
    super(code, message, options);
    this.name = 'ToolDefinitionError';
    this.tool = options?.tool;
    this.schemaPath = options?.schemaPath;
    brand(this, TOOL_DEFINITION_BRAND);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, ToolDefinitionError, TOOL_DEFINITION_BRAND, value);
  }
}

/** Alias of {@link DomainError} named for tool handlers. */
export const ToolError = DomainError;
/** Alias of {@link DomainError} named for tool handlers. */
export type ToolError = DomainError;

/**
 * A handler asked for sampling, elicitation or roots that the client did not declare.
 * Modern era: answered as -32021 with `data.requiredCapabilities`; legacy: -32603 with this message.
 */
export class MissingClientCapabilityError extends Error {
  readonly code = 'ERR_CLIENT_CAPABILITY';
  readonly requiredCapabilities: ClientCapabilities;
  constructor(requiredCapabilities: ClientCapabilities) {
    super(`The client did not declare the capability: ${Object.keys(requiredCapabilities).join(', ')}`);
    this.name = 'MissingClientCapabilityError';
    this.requiredCapabilities = requiredCapabilities;
    brand(this, CAPABILITY_BRAND);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, MissingClientCapabilityError, CAPABILITY_BRAND, value);
  }
}
