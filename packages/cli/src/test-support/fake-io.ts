import type { CliIo } from '../cli/io.js';

/** A `CliIo` that records progress and log lines, with an abort controller to stop a server. */
export interface FakeIo extends CliIo {
  readonly lines: string[];
  readonly logs: Array<{ level: string; fields: object; message: string }>;
  readonly controller: AbortController;
}

export function fakeIo(env: Record<string, string | undefined> = {}): FakeIo {
  const lines: string[] = [];
  const logs: FakeIo['logs'] = [];
  const controller = new AbortController();
  const log = (level: string) => (fields: object, message: string) => logs.push({ level, fields, message });
  return {
    env,
    lines,
    logs,
    controller,
    signal: controller.signal,
    progress: (line) => lines.push(line),
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
  };
}
