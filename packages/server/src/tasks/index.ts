export {
  createTaskServer,
  TASKS_EXTENSION,
  TaskServer,
  type TaskServerOptions,
  type TaskSupport,
} from './task-server.js';
export {
  isTerminal,
  MemoryTaskStore,
  type MemoryTaskStoreOptions,
  type TaskRecord,
  type TaskStatus,
  type TaskStore,
} from './task-store.js';
