import type { ClientCapabilities } from '../protocol/index.js';

const DEFINITION_BRAND = Symbol.for('forge.DefinitionError');
const DOMAIN_BRAND = Symbol.for('forge.DomainError');
const TOOL_DEFINITION_BRAND = Symbol.for('forge.ToolDefinitionError');
const CAPABILITY_BRAND = Symbol.for('forge.MissingClientCapabilityError');

function brand(target: object, key: symbol): void {
  Object.defineProperty(target, key, { value: true });
}
function hasBrand(value: unknown, key: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[key] === true;
}

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
    return hasBrand(value, DEFINITION_BRAND);
  }
}

/** A tool definition the server refuses; `code` is `ERR_TOOL_NAME`, `ERR_TOOL_DUPLICATE` or `ERR_TOOL_SCHEMA`. */
export class ToolDefinitionError extends DefinitionError {
  constructor(
    code: 'ERR_TOOL_NAME' | 'ERR_TOOL_DUPLICATE' | 'ERR_TOOL_SCHEMA',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
    this.name = 'ToolDefinitionError';
    brand(this, TOOL_DEFINITION_BRAND);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, TOOL_DEFINITION_BRAND);
  }
}

/**
 * A failure the model can see and fix (not found, not permitted, bad value). Thrown from a tool
 * handler it becomes a result with `isError: true` and this message; from a prompt or resource
 * handler, a -32602 error.
 */
export class DomainError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    brand(this, DOMAIN_BRAND);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, DOMAIN_BRAND);
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
    return hasBrand(value, CAPABILITY_BRAND);
  }
}
