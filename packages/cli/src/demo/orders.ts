/**
 * The bundled orders service's book: `POST /v1/orders` places an order, `GET /v1/orders` lists
 * them. It honours an `Idempotency-Key` header the way payment APIs do: a retry with the same
 * key and body gets the first order back instead of a second one, so the demo shows what the
 * gateway's approval executions rely on. In memory and bounded: the demo forgets it on exit.
 * @module
 */

/** What a client sends to place an order. */
export interface OrderInput {
  customer: string;
  item: string;
  quantity: number;
}

/** A placed order, as the service answers it. */
export interface Order extends OrderInput {
  /** `ord_0001`, `ord_0002`, ... in the order they were placed. */
  id: string;
  created_at: string;
  /** The `Idempotency-Key` it was placed with, or null without one. */
  idempotency_key: string | null;
}

/** Most orders one demo run keeps: a client in a loop cannot grow the process without bound. */
export const MAX_ORDERS = 1000;
/** Longest `customer` or `item`. */
export const MAX_ORDER_TEXT = 100;
/** Largest `quantity`. */
export const MAX_QUANTITY = 100;
/** Longest `Idempotency-Key` value accepted (Stripe's limit). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** An answer of the service: the HTTP status, the JSON body, and whether it was a replay. */
export interface OrderAnswer {
  status: number;
  body: unknown;
  replayed?: boolean;
}

function problem(status: number, message: string): OrderAnswer {
  return { status, body: { message } };
}

function readText(record: Record<string, unknown>, name: string): string | undefined {
  const value = record[name];
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_ORDER_TEXT) return undefined;
  return value;
}

/** The order a body asks for, or why it is refused (the service's own 400 message). */
export function readOrderInput(body: unknown): OrderInput | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'the body must be a JSON object { customer, item, quantity }';
  }
  const record = body as Record<string, unknown>;
  const customer = readText(record, 'customer');
  if (customer === undefined) return `customer must be a string of 1 to ${MAX_ORDER_TEXT} characters`;
  const item = readText(record, 'item');
  if (item === undefined) return `item must be a string of 1 to ${MAX_ORDER_TEXT} characters`;
  const quantity = record['quantity'];
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < 1 ||
    quantity > MAX_QUANTITY
  ) {
    return `quantity must be an integer from 1 to ${MAX_QUANTITY}`;
  }
  return { customer, item, quantity };
}

function sameInput(order: Order, input: OrderInput): boolean {
  return order.customer === input.customer && order.item === input.item && order.quantity === input.quantity;
}

/** The orders of one demo run. */
export class OrderBook {
  readonly #orders: Order[] = [];
  readonly #byKey = new Map<string, Order>();
  #received = 0;
  readonly #now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  /**
   * `POST /v1/orders`: 201 with the new order; 200 with the same order for a repeated
   * `idempotencyKey` and body; 422 when the key was used for another body; 400 for a bad body
   * or key; 503 once the book holds {@link MAX_ORDERS}.
   */
  place(body: unknown, idempotencyKey: string | undefined): OrderAnswer {
    this.#received++;
    if (
      idempotencyKey !== undefined &&
      (idempotencyKey === '' || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    ) {
      return problem(400, `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
    }
    const input = readOrderInput(body);
    if (typeof input === 'string') return problem(400, input);
    const earlier = idempotencyKey === undefined ? undefined : this.#byKey.get(idempotencyKey);
    if (earlier !== undefined) {
      if (!sameInput(earlier, input)) {
        return problem(
          422,
          'this Idempotency-Key was used for another order: send a new key for a new order',
        );
      }
      return { status: 200, body: earlier, replayed: true };
    }
    if (this.#orders.length >= MAX_ORDERS) {
      return problem(503, `the demo's order book is full (${MAX_ORDERS} orders): restart the demo`);
    }
    const order: Order = {
      id: `ord_${String(this.#orders.length + 1).padStart(4, '0')}`,
      ...input,
      created_at: this.#now().toISOString(),
      idempotency_key: idempotencyKey ?? null,
    };
    this.#orders.push(order);
    if (idempotencyKey !== undefined) this.#byKey.set(idempotencyKey, order);
    return { status: 201, body: order };
  }

  /** `GET /v1/orders`: the orders placed, oldest first, and how many POSTs arrived (replays too). */
  list(): { orders: Order[]; received: number } {
    return { orders: [...this.#orders], received: this.#received };
  }
}
