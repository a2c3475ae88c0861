/**
 * The demo's bundled catalog for search mode: a small office and CRM back end (clients, deals,
 * invoices, tasks, calendar, documents, warehouse, staff) whose texts are in Russian, so the demo
 * shows a search that works in the catalog's own language. Tool names stay English snake_case,
 * as in most real APIs. Data only: seeding and the upstream routes live elsewhere.
 *
 * Every path is under `/v1/` on the demo upstream; `{name}` in a path is a path argument, the
 * other properties go in the query string for GET and DELETE and in the JSON body otherwise.
 * @module
 */

export type DemoSearchMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface DemoSearchSection {
  slug: string;
  title: string;
  description: string;
}

/** A JSON Schema of an object whose properties all carry a Russian description. */
export interface DemoSearchInputSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown> & { description: string }>;
  required?: string[];
  additionalProperties: false;
}

export interface DemoSearchOperation {
  /** The operation's slug (`list-clients`); the tool name is `name` (`list_clients`). */
  slug: string;
  name: string;
  title: string;
  description: string;
  /** The slug of one of {@link DEMO_SEARCH_SECTIONS}. */
  section: string;
  method: DemoSearchMethod;
  path: string;
  inputSchema: DemoSearchInputSchema;
}

/** The agent's slug in the demo: the one agent in search mode. */
export const DEMO_SEARCH_AGENT = 'office';

export const DEMO_SEARCH_SECTIONS: readonly DemoSearchSection[] = [
  {
    slug: 'clients',
    title: 'Клиенты',
    description: 'Карточки клиентов: компании и предприниматели, реквизиты, контактные лица.',
  },
  {
    slug: 'deals',
    title: 'Сделки',
    description: 'Воронка продаж: сделки с клиентами, их этапы, суммы и итоги.',
  },
  {
    slug: 'invoices',
    title: 'Счета и оплаты',
    description: 'Счета на оплату, поступившие платежи и задолженность клиентов.',
  },
  {
    slug: 'tasks',
    title: 'Задачи',
    description: 'Поручения сотрудникам: исполнители, сроки, приоритеты и обсуждение.',
  },
  {
    slug: 'calendar',
    title: 'Календарь',
    description: 'Встречи, звонки и расписание сотрудников.',
  },
  {
    slug: 'documents',
    title: 'Документы',
    description: 'Договоры, акты, сканы и электронная подпись документов.',
  },
  {
    slug: 'warehouse',
    title: 'Склад',
    description: 'Товары на складах: остатки, резервы, поступления, перемещения и списания.',
  },
  {
    slug: 'staff',
    title: 'Сотрудники',
    description: 'Сотрудники компании, отделы и должности.',
  },
];

type Property = Record<string, unknown> & { description: string };

const text = (description: string, extra: Record<string, unknown> = {}): Property => ({
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description,
  ...extra,
});
const id = (description: string): Property => text(description, { maxLength: 40 });
const date = (description: string): Property => text(description, { format: 'date', maxLength: 10 });
const dateTime = (description: string): Property => text(description, { format: 'date-time', maxLength: 40 });
const integer = (description: string, minimum: number, maximum: number): Property => ({
  type: 'integer',
  minimum,
  maximum,
  description,
});
const money = (description: string): Property => ({
  type: 'number',
  minimum: 0,
  maximum: 1_000_000_000,
  description,
});
const oneOf = (description: string, values: string[]): Property => ({
  type: 'string',
  enum: values,
  description,
});
const page = integer('Номер страницы, начиная с 1.', 1, 1000);

function schema(properties: Record<string, Property>, required: string[] = []): DemoSearchInputSchema {
  return required.length === 0
    ? { type: 'object', properties, additionalProperties: false }
    : { type: 'object', properties, required, additionalProperties: false };
}

const CLIENT_ID = id('Идентификатор клиента, например cl_0001.');
const DEAL_ID = id('Идентификатор сделки, например dl_0001.');
const INVOICE_ID = id('Номер счёта, например inv_0001.');
const TASK_ID = id('Идентификатор задачи, например tk_0001.');
const EVENT_ID = id('Идентификатор встречи в календаре, например ev_0001.');
const DOCUMENT_ID = id('Идентификатор документа, например doc_0001.');
const SKU = id('Артикул товара.');
const WAREHOUSE_ID = id('Идентификатор склада, например wh_01.');
const DEAL_STAGES = ['new', 'qualification', 'proposal', 'negotiation', 'contract', 'won', 'lost'];

export const DEMO_SEARCH_OPERATIONS: readonly DemoSearchOperation[] = [
  {
    slug: 'list-clients',
    name: 'list_clients',
    title: 'Список клиентов',
    description:
      'Возвращает клиентов компании постранично; можно отфильтровать по городу, ответственному менеджеру или метке.',
    section: 'clients',
    method: 'GET',
    path: '/v1/clients',
    inputSchema: schema({
      city: text('Город клиента.'),
      manager_id: id('Ответственный менеджер (идентификатор сотрудника).'),
      tag: text('Метка клиента, например «vip» или «опт».'),
      page,
    }),
  },
  {
    slug: 'get-client',
    name: 'get_client',
    title: 'Карточка клиента',
    description:
      'Возвращает карточку клиента: реквизиты, адрес, контактные лица, ответственного менеджера и историю взаимодействий.',
    section: 'clients',
    method: 'GET',
    path: '/v1/clients/{client_id}',
    inputSchema: schema({ client_id: CLIENT_ID }, ['client_id']),
  },
  {
    slug: 'create-client',
    name: 'create_client',
    title: 'Добавить клиента',
    description:
      'Заводит нового клиента (юридическое лицо или индивидуального предпринимателя) с названием, ИНН и контактным лицом.',
    section: 'clients',
    method: 'POST',
    path: '/v1/clients',
    inputSchema: schema(
      {
        name: text('Название компании или ФИО предпринимателя.'),
        inn: text('ИНН: 10 цифр для организации, 12 для предпринимателя.', {
          pattern: '^(\\d{10}|\\d{12})$',
        }),
        contact_name: text('Контактное лицо.'),
        phone: text('Телефон контактного лица.', { maxLength: 20 }),
        email: text('Электронная почта контактного лица.', { format: 'email' }),
      },
      ['name', 'inn'],
    ),
  },
  {
    slug: 'update-client',
    name: 'update_client',
    title: 'Изменить данные клиента',
    description: 'Обновляет реквизиты, адрес, телефон или электронную почту существующего клиента.',
    section: 'clients',
    method: 'PATCH',
    path: '/v1/clients/{client_id}',
    inputSchema: schema(
      {
        client_id: CLIENT_ID,
        address: text('Новый юридический адрес.'),
        phone: text('Новый телефон.', { maxLength: 20 }),
        email: text('Новая электронная почта.', { format: 'email' }),
      },
      ['client_id'],
    ),
  },
  {
    slug: 'search-clients',
    name: 'search_clients',
    title: 'Найти клиента',
    description: 'Ищет клиентов по части названия, ИНН, номеру телефона или адресу электронной почты.',
    section: 'clients',
    method: 'GET',
    path: '/v1/clients/search',
    inputSchema: schema({ q: text('Строка поиска: часть названия, ИНН, телефон или почта.') }, ['q']),
  },
  {
    slug: 'merge-clients',
    name: 'merge_clients',
    title: 'Объединить дубликаты клиентов',
    description:
      'Сливает две карточки одного и того же клиента в одну: сделки, счета и документы дубликата переносятся в основную карточку.',
    section: 'clients',
    method: 'POST',
    path: '/v1/clients/{client_id}/merge',
    inputSchema: schema(
      {
        client_id: id('Основная карточка клиента, которая остаётся.'),
        duplicate_id: id('Карточка-дубликат, которая удаляется.'),
      },
      ['client_id', 'duplicate_id'],
    ),
  },
  {
    slug: 'list-deals',
    name: 'list_deals',
    title: 'Воронка сделок',
    description: 'Возвращает сделки по этапам воронки продаж с ожидаемой суммой и вероятностью закрытия.',
    section: 'deals',
    method: 'GET',
    path: '/v1/deals',
    inputSchema: schema({
      stage: oneOf('Этап воронки.', DEAL_STAGES),
      manager_id: id('Ответственный менеджер.'),
      page,
    }),
  },
  {
    slug: 'create-deal',
    name: 'create_deal',
    title: 'Открыть сделку',
    description: 'Создаёт сделку с клиентом: предмет продажи, ожидаемая сумма и этап воронки.',
    section: 'deals',
    method: 'POST',
    path: '/v1/deals',
    inputSchema: schema(
      {
        client_id: CLIENT_ID,
        subject: text('Что продаём.'),
        amount: money('Ожидаемая сумма сделки в рублях.'),
        stage: oneOf('Начальный этап воронки.', DEAL_STAGES),
      },
      ['client_id', 'subject'],
    ),
  },
  {
    slug: 'move-deal-stage',
    name: 'move_deal_stage',
    title: 'Перевести сделку на другой этап',
    description: 'Меняет этап сделки в воронке продаж, например с «переговоров» на «подготовку договора».',
    section: 'deals',
    method: 'POST',
    path: '/v1/deals/{deal_id}/stage',
    inputSchema: schema({ deal_id: DEAL_ID, stage: oneOf('Новый этап.', DEAL_STAGES) }, ['deal_id', 'stage']),
  },
  {
    slug: 'close-deal',
    name: 'close_deal',
    title: 'Закрыть сделку',
    description: 'Закрывает сделку как выигранную или проигранную и записывает причину.',
    section: 'deals',
    method: 'POST',
    path: '/v1/deals/{deal_id}/close',
    inputSchema: schema(
      {
        deal_id: DEAL_ID,
        outcome: oneOf('Итог: won — выиграна, lost — проиграна.', ['won', 'lost']),
        reason: text('Причина, например «выбрали конкурента».'),
      },
      ['deal_id', 'outcome'],
    ),
  },
  {
    slug: 'list-invoices',
    name: 'list_invoices',
    title: 'Список счетов',
    description:
      'Возвращает выставленные счета с суммой, сроком оплаты и статусом: ожидает оплаты, оплачен или просрочен.',
    section: 'invoices',
    method: 'GET',
    path: '/v1/invoices',
    inputSchema: schema({
      status: oneOf('Статус счёта.', ['pending', 'paid', 'overdue', 'cancelled']),
      client_id: CLIENT_ID,
      page,
    }),
  },
  {
    slug: 'create-invoice',
    name: 'create_invoice',
    title: 'Выставить счёт',
    description: 'Формирует счёт на оплату клиенту по позициям с ценой, количеством и НДС.',
    section: 'invoices',
    method: 'POST',
    path: '/v1/invoices',
    inputSchema: schema(
      {
        client_id: CLIENT_ID,
        items: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          description: 'Позиции счёта.',
          items: {
            type: 'object',
            properties: {
              title: text('Наименование товара или услуги.'),
              quantity: integer('Количество.', 1, 100_000),
              price: money('Цена за единицу в рублях.'),
            },
            required: ['title', 'quantity', 'price'],
            additionalProperties: false,
          },
        },
        due_date: date('Срок оплаты.'),
        vat_rate: integer('Ставка НДС в процентах.', 0, 20),
      },
      ['client_id', 'items'],
    ),
  },
  {
    slug: 'get-invoice',
    name: 'get_invoice',
    title: 'Счёт по номеру',
    description: 'Возвращает счёт по номеру со всеми позициями и поступившими по нему платежами.',
    section: 'invoices',
    method: 'GET',
    path: '/v1/invoices/{invoice_id}',
    inputSchema: schema({ invoice_id: INVOICE_ID }, ['invoice_id']),
  },
  {
    slug: 'send-invoice',
    name: 'send_invoice',
    title: 'Отправить счёт клиенту',
    description:
      'Отправляет счёт в PDF на электронную почту контактного лица клиента или на указанный адрес.',
    section: 'invoices',
    method: 'POST',
    path: '/v1/invoices/{invoice_id}/send',
    inputSchema: schema(
      { invoice_id: INVOICE_ID, email: text('Другой адрес почты получателя.', { format: 'email' }) },
      ['invoice_id'],
    ),
  },
  {
    slug: 'register-payment',
    name: 'register_payment',
    title: 'Отметить оплату счёта',
    description: 'Регистрирует поступивший платёж по счёту: сумму, дату и номер платёжного поручения.',
    section: 'invoices',
    method: 'POST',
    path: '/v1/invoices/{invoice_id}/payments',
    inputSchema: schema(
      {
        invoice_id: INVOICE_ID,
        amount: money('Сумма платежа в рублях.'),
        paid_on: date('Дата поступления денег.'),
        order_number: text('Номер платёжного поручения.', { maxLength: 20 }),
      },
      ['invoice_id', 'amount'],
    ),
  },
  {
    slug: 'list-overdue-invoices',
    name: 'list_overdue_invoices',
    title: 'Просроченные счета',
    description:
      'Возвращает неоплаченные счета с истёкшим сроком оплаты: должник, сумма долга и число дней просрочки.',
    section: 'invoices',
    method: 'GET',
    path: '/v1/invoices/overdue',
    inputSchema: schema({ min_days: integer('Не меньше стольких дней просрочки.', 1, 3650) }),
  },
  {
    slug: 'cancel-invoice',
    name: 'cancel_invoice',
    title: 'Аннулировать счёт',
    description: 'Аннулирует ошибочно выставленный счёт; оплаченный счёт аннулировать нельзя.',
    section: 'invoices',
    method: 'DELETE',
    path: '/v1/invoices/{invoice_id}',
    inputSchema: schema({ invoice_id: INVOICE_ID, reason: text('Причина аннулирования.') }, ['invoice_id']),
  },
  {
    slug: 'list-tasks',
    name: 'list_tasks',
    title: 'Список задач',
    description: 'Возвращает задачи сотрудников с исполнителем, сроком и приоритетом.',
    section: 'tasks',
    method: 'GET',
    path: '/v1/tasks',
    inputSchema: schema({
      assignee_id: id('Исполнитель (идентификатор сотрудника).'),
      status: oneOf('Статус задачи.', ['open', 'done']),
      page,
    }),
  },
  {
    slug: 'create-task',
    name: 'create_task',
    title: 'Поставить задачу',
    description: 'Создаёт задачу сотруднику: что сделать, к какому сроку и с каким приоритетом.',
    section: 'tasks',
    method: 'POST',
    path: '/v1/tasks',
    inputSchema: schema(
      {
        title: text('Что нужно сделать.'),
        assignee_id: id('Исполнитель.'),
        due: dateTime('Срок выполнения.'),
        priority: oneOf('Приоритет.', ['low', 'normal', 'high']),
        client_id: id('Клиент, к которому относится задача.'),
      },
      ['title', 'assignee_id'],
    ),
  },
  {
    slug: 'complete-task',
    name: 'complete_task',
    title: 'Отметить задачу выполненной',
    description: 'Закрывает задачу как выполненную с необязательным комментарием о результате.',
    section: 'tasks',
    method: 'POST',
    path: '/v1/tasks/{task_id}/complete',
    inputSchema: schema({ task_id: TASK_ID, result: text('Комментарий о результате.') }, ['task_id']),
  },
  {
    slug: 'reassign-task',
    name: 'reassign_task',
    title: 'Передать задачу другому исполнителю',
    description: 'Назначает задаче нового исполнителя и уведомляет прежнего и нового.',
    section: 'tasks',
    method: 'PATCH',
    path: '/v1/tasks/{task_id}/assignee',
    inputSchema: schema({ task_id: TASK_ID, assignee_id: id('Новый исполнитель.') }, [
      'task_id',
      'assignee_id',
    ]),
  },
  {
    slug: 'comment-task',
    name: 'comment_task',
    title: 'Комментарий к задаче',
    description: 'Добавляет комментарий в обсуждение задачи.',
    section: 'tasks',
    method: 'POST',
    path: '/v1/tasks/{task_id}/comments',
    inputSchema: schema({ task_id: TASK_ID, text: text('Текст комментария.', { maxLength: 2000 }) }, [
      'task_id',
      'text',
    ]),
  },
  {
    slug: 'list-events',
    name: 'list_events',
    title: 'Расписание встреч',
    description: 'Возвращает встречи и звонки из календаря сотрудника за указанный период.',
    section: 'calendar',
    method: 'GET',
    path: '/v1/calendar/events',
    inputSchema: schema(
      {
        from: date('Начало периода.'),
        to: date('Конец периода.'),
        employee_id: id('Чей календарь; без него — календарь всей компании.'),
      },
      ['from', 'to'],
    ),
  },
  {
    slug: 'schedule-meeting',
    name: 'schedule_meeting',
    title: 'Назначить встречу',
    description:
      'Создаёт встречу в календаре: участники, время начала, продолжительность и место или ссылка на видеозвонок.',
    section: 'calendar',
    method: 'POST',
    path: '/v1/calendar/events',
    inputSchema: schema(
      {
        title: text('Тема встречи.'),
        starts_at: dateTime('Время начала.'),
        minutes: integer('Продолжительность в минутах.', 5, 480),
        participants: {
          type: 'array',
          minItems: 1,
          maxItems: 30,
          items: id('Участник (идентификатор сотрудника).'),
          description: 'Участники встречи.',
        },
        location: text('Переговорная, адрес или ссылка на видеозвонок.'),
      },
      ['title', 'starts_at', 'participants'],
    ),
  },
  {
    slug: 'reschedule-meeting',
    name: 'reschedule_meeting',
    title: 'Перенести встречу',
    description: 'Переносит встречу на другое время и уведомляет участников об изменении.',
    section: 'calendar',
    method: 'PATCH',
    path: '/v1/calendar/events/{event_id}',
    inputSchema: schema({ event_id: EVENT_ID, starts_at: dateTime('Новое время начала.') }, [
      'event_id',
      'starts_at',
    ]),
  },
  {
    slug: 'cancel-meeting',
    name: 'cancel_meeting',
    title: 'Отменить встречу',
    description: 'Удаляет встречу из календаря и сообщает участникам об отмене.',
    section: 'calendar',
    method: 'DELETE',
    path: '/v1/calendar/events/{event_id}',
    inputSchema: schema({ event_id: EVENT_ID }, ['event_id']),
  },
  {
    slug: 'find-free-slots',
    name: 'find_free_slots',
    title: 'Свободное время сотрудников',
    description: 'Подбирает интервалы, когда все указанные сотрудники свободны, чтобы запланировать встречу.',
    section: 'calendar',
    method: 'GET',
    path: '/v1/calendar/free-slots',
    inputSchema: schema(
      {
        employee_ids: text('Сотрудники через запятую.'),
        date: date('День, на который ищем время.'),
        minutes: integer('Нужная продолжительность в минутах.', 5, 480),
      },
      ['employee_ids', 'date'],
    ),
  },
  {
    slug: 'list-documents',
    name: 'list_documents',
    title: 'Документы клиента',
    description: 'Возвращает договоры, акты и другие документы, привязанные к клиенту или сделке.',
    section: 'documents',
    method: 'GET',
    path: '/v1/documents',
    inputSchema: schema({
      client_id: CLIENT_ID,
      deal_id: DEAL_ID,
      kind: oneOf('Вид документа.', ['contract', 'act', 'scan', 'other']),
    }),
  },
  {
    slug: 'generate-contract',
    name: 'generate_contract',
    title: 'Сформировать договор',
    description: 'Готовит договор по шаблону с реквизитами клиента и условиями сделки.',
    section: 'documents',
    method: 'POST',
    path: '/v1/documents/contracts',
    inputSchema: schema(
      {
        deal_id: DEAL_ID,
        template: oneOf('Шаблон договора.', ['supply', 'services', 'nda']),
      },
      ['deal_id', 'template'],
    ),
  },
  {
    slug: 'create-act',
    name: 'create_act',
    title: 'Сформировать акт выполненных работ',
    description: 'Создаёт акт оказанных услуг или выполненных работ по оплаченному счёту.',
    section: 'documents',
    method: 'POST',
    path: '/v1/documents/acts',
    inputSchema: schema({ invoice_id: INVOICE_ID }, ['invoice_id']),
  },
  {
    slug: 'request-signature',
    name: 'request_signature',
    title: 'Отправить документ на подпись',
    description:
      'Отправляет документ клиенту на электронную подпись через оператора электронного документооборота.',
    section: 'documents',
    method: 'POST',
    path: '/v1/documents/{document_id}/signature',
    inputSchema: schema({ document_id: DOCUMENT_ID }, ['document_id']),
  },
  {
    slug: 'upload-document',
    name: 'upload_document',
    title: 'Загрузить файл',
    description: 'Прикрепляет файл (скан или PDF) к карточке клиента или сделки.',
    section: 'documents',
    method: 'POST',
    path: '/v1/documents',
    inputSchema: schema(
      {
        file_name: text('Имя файла.'),
        content_base64: text('Содержимое файла в base64.', { maxLength: 1_000_000 }),
        client_id: CLIENT_ID,
        deal_id: DEAL_ID,
      },
      ['file_name', 'content_base64'],
    ),
  },
  {
    slug: 'list-stock',
    name: 'list_stock',
    title: 'Остатки на складе',
    description: 'Возвращает количество товаров на складах с учётом зарезервированного.',
    section: 'warehouse',
    method: 'GET',
    path: '/v1/warehouse/stock',
    inputSchema: schema({ sku: SKU, warehouse_id: WAREHOUSE_ID, page }),
  },
  {
    slug: 'reserve-stock',
    name: 'reserve_stock',
    title: 'Зарезервировать товар',
    description: 'Резервирует товар под заказ клиента, чтобы его не продали другому покупателю.',
    section: 'warehouse',
    method: 'POST',
    path: '/v1/warehouse/reservations',
    inputSchema: schema(
      {
        sku: SKU,
        quantity: integer('Сколько единиц.', 1, 100_000),
        client_id: CLIENT_ID,
        until: date('До какого дня держать резерв.'),
      },
      ['sku', 'quantity', 'client_id'],
    ),
  },
  {
    slug: 'receive-goods',
    name: 'receive_goods',
    title: 'Оприходовать поставку',
    description: 'Принимает на склад поступившую от поставщика партию товара по накладной.',
    section: 'warehouse',
    method: 'POST',
    path: '/v1/warehouse/receipts',
    inputSchema: schema(
      {
        warehouse_id: WAREHOUSE_ID,
        supplier: text('Поставщик.'),
        waybill: text('Номер накладной.', { maxLength: 40 }),
        sku: SKU,
        quantity: integer('Сколько единиц пришло.', 1, 1_000_000),
      },
      ['warehouse_id', 'sku', 'quantity'],
    ),
  },
  {
    slug: 'transfer-stock',
    name: 'transfer_stock',
    title: 'Переместить товар между складами',
    description: 'Перемещает товар с одного склада на другой и оформляет накладную на перемещение.',
    section: 'warehouse',
    method: 'POST',
    path: '/v1/warehouse/transfers',
    inputSchema: schema(
      {
        sku: SKU,
        quantity: integer('Сколько единиц.', 1, 1_000_000),
        from_warehouse_id: id('Склад-отправитель.'),
        to_warehouse_id: id('Склад-получатель.'),
      },
      ['sku', 'quantity', 'from_warehouse_id', 'to_warehouse_id'],
    ),
  },
  {
    slug: 'write-off-goods',
    name: 'write_off_goods',
    title: 'Списать товар',
    description: 'Списывает со склада испорченный, просроченный или утерянный товар с указанием причины.',
    section: 'warehouse',
    method: 'POST',
    path: '/v1/warehouse/write-offs',
    inputSchema: schema(
      {
        warehouse_id: WAREHOUSE_ID,
        sku: SKU,
        quantity: integer('Сколько единиц.', 1, 1_000_000),
        reason: oneOf('Причина списания.', ['damaged', 'expired', 'lost']),
      },
      ['warehouse_id', 'sku', 'quantity', 'reason'],
    ),
  },
  {
    slug: 'list-employees',
    name: 'list_employees',
    title: 'Сотрудники',
    description: 'Возвращает сотрудников компании с должностью, отделом, телефоном и почтой.',
    section: 'staff',
    method: 'GET',
    path: '/v1/employees',
    inputSchema: schema({ department: text('Отдел, например «продажи».'), page }),
  },
];
