import { describe, expect, it } from 'vitest';
import { MAX_ORDERS, OrderBook, readOrderInput } from './orders.js';

const ORDER = { customer: 'ACME Corp', item: 'demo-widget', quantity: 3 };
const NOW = new Date('2026-12-01T12:00:00.000Z');

describe('the bundled order book', () => {
  it('places orders with sequential ids and lists them oldest first, counting every POST', () => {
    const book = new OrderBook(() => NOW);
    expect(book.place(ORDER, undefined)).toEqual({
      status: 201,
      body: { id: 'ord_0001', ...ORDER, created_at: NOW.toISOString(), idempotency_key: null },
    });
    expect(book.place({ ...ORDER, quantity: 1 }, 'k2').status).toBe(201);
    const { orders, received } = book.list();
    expect(orders.map((order) => [order.id, order.idempotency_key])).toEqual([
      ['ord_0001', null],
      ['ord_0002', 'k2'],
    ]);
    expect(received).toBe(2);
  });

  it('a repeated Idempotency-Key with the same body answers the first order (200, replayed), not a new one', () => {
    const book = new OrderBook(() => NOW);
    const first = book.place(ORDER, 'mcpforge-approval_X');
    const again = book.place({ ...ORDER }, 'mcpforge-approval_X');
    expect(again).toEqual({ status: 200, body: first.body, replayed: true });
    expect(book.list()).toMatchObject({ received: 2, orders: [first.body] });
  });

  it('the same Idempotency-Key for another body is refused with 422, and nothing is placed', () => {
    const book = new OrderBook();
    book.place(ORDER, 'k');
    const other = book.place({ ...ORDER, quantity: 4 }, 'k');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      message: 'this Idempotency-Key was used for another order: send a new key for a new order',
    });
    expect(book.list().orders).toHaveLength(1);
  });

  it.each([
    [null, 'the body must be a JSON object { customer, item, quantity }'],
    [[ORDER], 'the body must be a JSON object { customer, item, quantity }'],
    [{ ...ORDER, customer: ' ' }, 'customer must be a string of 1 to 100 characters'],
    [{ ...ORDER, item: 'x'.repeat(101) }, 'item must be a string of 1 to 100 characters'],
    [{ ...ORDER, quantity: 0 }, 'quantity must be an integer from 1 to 100'],
    [{ ...ORDER, quantity: 2.5 }, 'quantity must be an integer from 1 to 100'],
    [{ ...ORDER, quantity: '3' }, 'quantity must be an integer from 1 to 100'],
  ])('refuses %j with a message naming the field', (body, message) => {
    expect(readOrderInput(body)).toBe(message);
    expect(new OrderBook().place(body, undefined)).toEqual({ status: 400, body: { message } });
  });

  it('refuses an empty or over-long Idempotency-Key', () => {
    const book = new OrderBook();
    expect(book.place(ORDER, '').status).toBe(400);
    expect(book.place(ORDER, 'k'.repeat(256)).status).toBe(400);
    expect(book.place(ORDER, 'k'.repeat(255)).status).toBe(201);
  });

  it(`stays bounded: after ${MAX_ORDERS} orders a new one is refused with 503, a replay still answers`, () => {
    const book = new OrderBook();
    for (let index = 0; index < MAX_ORDERS; index++) book.place(ORDER, `k${index}`);
    const full = book.place(ORDER, 'one more');
    expect(full.status).toBe(503);
    expect((full.body as { message: string }).message).toContain('restart the demo');
    expect(book.place(ORDER, 'k7')).toMatchObject({ status: 200, replayed: true });
    expect(book.list().orders).toHaveLength(MAX_ORDERS);
  });
});
