/**
 * Tasks in Russian over the demo's bundled office catalog (packages/cli/src/demo/
 * search-catalog.ts), each with the tool (by name) that does it. Written as a person would ask,
 * most with other words or word forms than the tool's title; never used to choose settings.
 */
export const RUSSIAN_TASKS = [
  { query: 'покажи всех клиентов из Казани', expected: ['list_clients'] },
  { query: 'заведи новую компанию-клиента с ИНН 7701234567', expected: ['create_client'], paraphrase: true },
  { query: 'найди клиента по номеру телефона', expected: ['search_clients'] },
  { query: 'у клиента поменялся адрес, обнови карточку', expected: ['update_client'], paraphrase: true },
  {
    query: 'в базе две одинаковые карточки одного клиента, склей их',
    expected: ['merge_clients'],
    paraphrase: true,
  },
  { query: 'какие сделки сейчас на этапе переговоров', expected: ['list_deals'], paraphrase: true },
  { query: 'сделка сорвалась, клиент ушёл к конкуренту', expected: ['close_deal'], paraphrase: true },
  { query: 'выставь счёт ООО «Ромашка» за три ноутбука', expected: ['create_invoice'] },
  { query: 'кто из клиентов не заплатил вовремя', expected: ['list_overdue_invoices'], paraphrase: true },
  { query: 'пришли деньги по счёту inv_0042, отметь оплату', expected: ['register_payment'] },
  { query: 'отправь клиенту счёт на почту', expected: ['send_invoice'] },
  {
    query: 'поручи Ивану подготовить презентацию к пятнице',
    expected: ['create_task'],
    paraphrase: true,
  },
  { query: 'задача сделана, закрой её', expected: ['complete_task'], paraphrase: true },
  { query: 'передай задачу другому сотруднику', expected: ['reassign_task'] },
  {
    query: 'запланируй встречу с отделом продаж на завтра в 11',
    expected: ['schedule_meeting'],
    paraphrase: true,
  },
  { query: 'перенеси созвон с клиентом на четверг', expected: ['reschedule_meeting'], paraphrase: true },
  {
    query: 'когда мы все трое свободны для совещания',
    expected: ['find_free_slots'],
    paraphrase: true,
  },
  { query: 'подготовь договор поставки по сделке', expected: ['generate_contract'], paraphrase: true },
  { query: 'отправь документ клиенту на электронную подпись', expected: ['request_signature'] },
  { query: 'сколько ноутбуков осталось на складе', expected: ['list_stock'], paraphrase: true },
  { query: 'товар разбился при перевозке, спиши его', expected: ['write_off_goods'] },
  { query: 'пришла партия от поставщика, прими её на склад', expected: ['receive_goods'], paraphrase: true },
  {
    query: 'отложи пять штук для клиента, чтобы их не продали',
    expected: ['reserve_stock'],
    paraphrase: true,
  },
];
