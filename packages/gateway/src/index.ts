/**
 * @mcpforge/gateway: REST operations published as MCP tools, one endpoint per agent, on
 * PostgreSQL (node-postgres) or the embedded PGlite.
 * @module
 */
export {
  errorInfo,
  GATEWAY_ERRORS,
  GatewayError,
  type GatewayErrorCode,
  type GatewayErrorInfo,
  type GatewayErrorOptions,
  invalidField,
  isGatewayErrorCode,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPE_PREFIX,
  type Problem,
  problemType,
  type Retryability,
  toProblem,
} from './errors/index.js';
export {
  checkChannel,
  checkMigrationList,
  type Database,
  type DatabaseKind,
  isUniqueViolation,
  MIGRATION_LOCK_KEY,
  MIGRATIONS,
  type MigrateOptions,
  type MigrateResult,
  type Migration,
  type MigrationProgress,
  migrate,
  migrationChecksum,
  type OpenDatabaseOptions,
  openDatabase,
  type Queryable,
  type QueryResult,
  sqlState,
  type Transaction,
  type Unlisten,
} from './store/index.js';
