export {
  createTaskServer,
  TASKS_EXTENSION,
  TaskServer,
  type TaskServerOptions,
  type TaskSupport,
} from './task-server.js';
export {
  DEFAULT_MAX_LIVE_TASKS,
  DEFAULT_TASK_POLL_INTERVAL_MS,
  DEFAULT_TASK_TTL_MS,
} from './task-settings.js';
export {
  DEFAULT_MAX_TASKS,
  isTerminal,
  MemoryTaskStore,
  type MemoryTaskStoreOptions,
  type TaskRecord,
  type TaskStatus,
  type TaskStore,
} from './task-store.js';
