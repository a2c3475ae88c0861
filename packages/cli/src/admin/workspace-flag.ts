import { CliError } from '../cli/cli-error.js';
import type { FlagSpec, FlagValues } from '../cli/flags.js';

/** `--workspace`, which the operator commands about one workspace's catalog need. */
export const WORKSPACE_FLAG: FlagSpec = {
  name: 'workspace',
  value: 'SLUG',
  description: 'the workspace (mcpforge gateway workspaces lists them)',
  example: 'default',
};

/** `--workspace`'s value. @throws CliError `missing_value` naming the command. */
export function requireWorkspace(flags: FlagValues, command: string): string {
  const workspace = flags['workspace'];
  if (typeof workspace !== 'string') {
    throw new CliError('missing_value', `${command} needs --workspace SLUG, e.g. --workspace default`);
  }
  return workspace;
}
