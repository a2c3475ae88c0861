// The compat entry of @mcpforge/mcpl, under the name peers import (see package.json).
export * from '@mcpforge/mcpl/compat';
