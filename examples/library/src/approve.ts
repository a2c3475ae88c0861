#!/usr/bin/env node
/**
 * Entry point of the approval command:
 *
 *   LIBRARY_APPROVAL_KEY=... npm run approve -w @mcpforge/example-library -- \
 *     --operation "Create the spring notes draft" --slug spring-notes \
 *     --title "Spring notes" --text "First buds."
 */
import { runApprovalCommand } from './approval-command.js';

const outcome = runApprovalCommand(process.argv.slice(2), process.env);
if (outcome.ok) {
  process.stdout.write(`${outcome.output}\n`);
} else {
  process.stderr.write(`approve: ${outcome.error}\n`);
  process.exitCode = 2;
}
