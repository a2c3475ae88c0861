/** The domain rule of this example: how a greeting is worded. Knows nothing of MCP. */
export function composeGreeting(salutation: string, name: string): string {
  const trimmed = name.trim();
  return `${salutation}, ${trimmed.length === 0 ? 'friend' : trimmed}!`;
}
