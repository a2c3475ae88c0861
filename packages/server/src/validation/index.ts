export { canonicalJson } from './canonical-json.js';
export type { SchemaCompilerOptions, Validator } from './compiler.js';
export { SchemaCompiler } from './compiler.js';
export type { SchemaErrorCode } from './errors.js';
export { SchemaError } from './errors.js';
export type { ValidationIssue, ValidationOutcome } from './issues.js';
export { describeIssues } from './issues.js';
export type { SchemaLimits } from './limits.js';
export { DEFAULT_SCHEMA_LIMITS } from './limits.js';
