export * from '@mcpforge/mcpl/compat';
