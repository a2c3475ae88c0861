/**
 * Cross-language tasks: Russian requests over GitHub's English catalog, and English requests over
 * the demo's Russian office catalog. Written after the bilingual vocabulary
 * (packages/gateway/src/search/index/cross-language-words.ts), from what a person would ask, not
 * from the index's answers. Each set is split: the `dev` half may guide changes, the `heldOut`
 * half is only reported.
 */
export const RUSSIAN_OVER_GITHUB = {
  dev: [
    { query: 'создай новый репозиторий', expected: ['repos/create-for-authenticated-user'] },
    { query: 'удалить репозиторий', expected: ['repos/delete'] },
    { query: 'завести задачу в репозитории', expected: ['issues/create'] },
    { query: 'слить пулл-реквест', expected: ['pulls/merge'] },
    { query: 'форкнуть репозиторий', expected: ['repos/create-fork'] },
    { query: 'поставить звезду репозиторию', expected: ['activity/star-repo-for-authenticated-user'] },
    { query: 'список веток репозитория', expected: ['repos/list-branches'] },
    { query: 'выпустить новый релиз', expected: ['repos/create-release'] },
    { query: 'отключить воркфлоу', expected: ['actions/disable-workflow'] },
    { query: 'перезапустить воркфлоу', expected: ['actions/re-run-workflow'] },
    { query: 'кто я такой, мой пользователь', expected: ['users/get-authenticated'] },
    { query: 'список коммитов', expected: ['repos/list-commits'] },
  ],
  heldOut: [
    { query: 'написать комментарий к задаче', expected: ['issues/create-comment'] },
    { query: 'секреты репозитория для actions', expected: ['actions/list-repo-secrets'] },
    { query: 'участники организации', expected: ['orgs/list-members'] },
    { query: 'создать гист', expected: ['gists/create'] },
    { query: 'показать ридми репозитория', expected: ['repos/get-readme'] },
    { query: 'на каких языках написан репозиторий', expected: ['repos/list-languages'] },
    { query: 'скачать артефакт сборки', expected: ['actions/download-artifact'] },
    { query: 'мои уведомления', expected: ['activity/list-notifications-for-authenticated-user'] },
    { query: 'добавить метки к задаче', expected: ['issues/add-labels'] },
    { query: 'создать вебхук репозитория', expected: ['repos/create-webhook'] },
    { query: 'заблокировать пользователя', expected: ['users/block'] },
    { query: 'отменить запуск воркфлоу', expected: ['actions/cancel-workflow-run'] },
  ],
};

export const ENGLISH_OVER_OFFICE = {
  dev: [
    { query: 'create an invoice', expected: ['create_invoice'] },
    { query: 'list overdue invoices', expected: ['list_overdue_invoices'] },
    { query: 'schedule a meeting', expected: ['schedule_meeting'] },
    { query: 'cancel the meeting', expected: ['cancel_meeting'] },
    { query: 'find a client', expected: ['search_clients'] },
  ],
  heldOut: [
    { query: 'send the invoice to the customer', expected: ['send_invoice'] },
    { query: 'record a payment for an invoice', expected: ['register_payment'] },
    { query: 'what is in stock', expected: ['list_stock'] },
    { query: 'generate a contract', expected: ['generate_contract'] },
    { query: 'list the employees', expected: ['list_employees'] },
  ],
};
