/** MCP method names, both eras. */
export const Method = {
  initialize: 'initialize',
  ping: 'ping',
  discover: 'server/discover',
  toolsList: 'tools/list',
  toolsCall: 'tools/call',
  resourcesList: 'resources/list',
  resourcesRead: 'resources/read',
  resourceTemplatesList: 'resources/templates/list',
  resourcesSubscribe: 'resources/subscribe',
  resourcesUnsubscribe: 'resources/unsubscribe',
  promptsList: 'prompts/list',
  promptsGet: 'prompts/get',
  complete: 'completion/complete',
  loggingSetLevel: 'logging/setLevel',
  subscriptionsListen: 'subscriptions/listen',
  // server → client requests
  createMessage: 'sampling/createMessage',
  elicit: 'elicitation/create',
  listRoots: 'roots/list',
} as const;

/** MCP notification names, both eras. */
export const Notification = {
  initialized: 'notifications/initialized',
  cancelled: 'notifications/cancelled',
  progress: 'notifications/progress',
  message: 'notifications/message',
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
  resourceUpdated: 'notifications/resources/updated',
  rootsListChanged: 'notifications/roots/list_changed',
  subscriptionsAcknowledged: 'notifications/subscriptions/acknowledged',
} as const;
