/**
 * Everyday words for what API operations do, grouped by meaning: the verbs and nouns a person
 * uses in a request next to the words API descriptions use for the same thing ("throw away" and
 * "remove" next to "delete", "turn off" next to "disable", "me" next to "authenticated"). Written
 * from the common vocabulary of REST APIs, for any catalog. It was written after the bench's
 * GitHub benchmark set had been read, so that set cannot vouch for it; the blind set, written
 * later by someone who had not seen it, does. A catalog's own related terms come from
 * related-terms.ts. A group's phrases are matched in the query after normalising and stemming
 * each word, stop words kept ("turn off", "who am i"); its single words are what the query is
 * expanded to, and only those a catalog uses have any effect.
 * @module
 */

export const EVERYDAY_WORD_GROUPS: readonly (readonly string[])[] = [
  // Creating.
  ['create', 'make', 'new', 'add', 'open', 'generate', 'set up', 'start a new', 'register'],
  // Removing.
  [
    'delete',
    'remove',
    'destroy',
    'erase',
    'discard',
    'drop',
    'purge',
    'wipe',
    'trash',
    'throw away',
    'get rid of',
    'do away with',
  ],
  // Changing.
  ['update', 'edit', 'change', 'modify', 'alter', 'adjust', 'rename', 'amend', 'tweak'],
  // Reading one thing.
  ['get', 'read', 'fetch', 'retrieve', 'show', 'view', 'see', 'display', 'inspect', 'look at', 'open up'],
  // Listing many.
  ['list', 'enumerate', 'browse', 'show all', 'all of'],
  // Finding.
  ['search', 'find', 'look up', 'look for', 'lookup', 'query', 'locate', 'discover'],
  // Switching on and off.
  ['enable', 'activate', 'turn on', 'switch on', 'allow'],
  ['disable', 'deactivate', 'turn off', 'switch off', 'shut off', 'suspend', 'pause'],
  // Running and stopping.
  ['start', 'run', 'launch', 'trigger', 'kick off', 'begin', 'execute', 'fire off'],
  ['stop', 'cancel', 'abort', 'halt', 'terminate', 'kill', 'shut down', 'call off'],
  ['restart', 'rerun', 're run', 'retry', 'run again', 'reboot'],
  // Giving away and taking back.
  ['transfer', 'move', 'hand over', 'give away', 'pass on', 'reassign', 'migrate'],
  ['restore', 'recover', 'undo', 'revert', 'roll back', 'bring back', 'undelete'],
  // Deciding.
  ['approve', 'accept', 'confirm', 'sign off', 'grant'],
  ['reject', 'decline', 'deny', 'refuse', 'dismiss'],
  // Access.
  ['invite', 'invitation', 'ask to join'],
  ['block', 'ban', 'blacklist'],
  ['unblock', 'unban', 'let back'],
  ['lock', 'freeze', 'close off'],
  ['permission', 'access', 'rights', 'privilege', 'role'],
  // Following things.
  ['subscribe', 'watch', 'follow', 'keep an eye on', 'get notified'],
  ['unsubscribe', 'unwatch', 'unfollow', 'stop watching', 'stop following', 'mute'],
  ['star', 'favorite', 'favourite', 'bookmark', 'like'],
  // Moving data.
  ['download', 'export', 'save', 'pull down'],
  ['upload', 'import', 'attach'],
  ['copy', 'duplicate', 'clone', 'replicate'],
  ['merge', 'combine', 'join together'],
  ['archive', 'shelve', 'put away'],
  // Telling about things.
  ['comment', 'reply', 'respond'],
  ['notification', 'alert', 'inbox'],
  ['statistics', 'stats', 'metrics', 'analytics', 'numbers', 'usage', 'traffic'],
  ['view', 'visit', 'visitor', 'page view'],
  ['log', 'logs', 'output', 'console'],
  ['secret', 'credential', 'password', 'token'],
  ['setting', 'settings', 'configuration', 'config', 'preferences', 'options'],
  ['owner', 'admin', 'administrator', 'maintainer'],
  ['member', 'people', 'person', 'user', 'users', 'account', 'someone', 'somebody'],
  ['contributor', 'collaborator', 'worked on', 'helped with'],
  // The caller: APIs say "the authenticated user" where a person says "me" or "my".
  ['authenticated', 'me', 'my', 'mine', 'myself', 'i', 'logged in', 'signed in', 'current user', 'who am i'],
  // Asking who the caller is asks for a user: "who am i logged in as" is the authenticated user.
  ['user', 'who am i', 'current user', 'logged in as', 'signed in as', 'whoami'],
  ['profile', 'who am i', 'current user', 'logged in as', 'signed in as', 'whoami'],
  // Russian.
  ['создать', 'завести', 'добавить', 'новый', 'открыть', 'оформить', 'зарегистрировать'],
  ['удалить', 'убрать', 'стереть', 'снести', 'избавиться', 'выкинуть', 'выбросить'],
  ['изменить', 'обновить', 'поменять', 'исправить', 'отредактировать', 'переименовать', 'поправить'],
  ['получить', 'показать', 'посмотреть', 'узнать', 'прочитать', 'открыть'],
  ['список', 'перечислить', 'все', 'вывести'],
  ['найти', 'поиск', 'искать', 'отыскать', 'подобрать'],
  ['отменить', 'остановить', 'прекратить', 'прервать', 'аннулировать'],
  ['отправить', 'послать', 'выслать', 'переслать'],
  ['оплатить', 'заплатить', 'платеж', 'оплата', 'погасить'],
  ['пользователь', 'человек', 'люди', 'сотрудник', 'учетная запись', 'аккаунт'],
  ['мой', 'мне', 'меня', 'я', 'свой', 'текущий пользователь'],
];
