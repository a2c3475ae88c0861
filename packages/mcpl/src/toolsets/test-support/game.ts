import type { ToolsetDefinition } from '../types.js';

/**
 * A race to 10 against a bot, for the tests: `play {n}` (1-3) hands the turn to the bot, whose
 * move runs when `schedule` runs it (outside the call: an event); `pass` lets the bot move at
 * once (inside the call: its event joins the result); `resign` ends the game.
 */
export function gameToolset(schedule: (move: () => void) => void): ToolsetDefinition {
  return {
    title: 'Game',
    summary: 'A race to 10 against the bot',
    instances: true,
    tools: [
      {
        name: 'play',
        description: 'Add 1-3 to the total',
        inputSchema: {
          type: 'object',
          properties: { n: { type: 'integer', minimum: 1, maximum: 3 } },
          required: ['n'],
          additionalProperties: false,
        },
      },
      { name: 'pass', description: 'Let the bot move', inputSchema: { type: 'object' } },
      { name: 'resign', description: 'Give up', inputSchema: { type: 'object' } },
    ],
    optionsSchema: { type: 'object', properties: { start: { type: 'integer', minimum: 0 } } },
    open(ctx, options) {
      let total = typeof options['start'] === 'number' ? options['start'] : 0;
      let myTurn = true;
      const bot = async (inCall: boolean) => {
        total += 1;
        myTurn = true;
        await ctx.emit(`bot played 1, total ${total}`);
        if (total >= 10) ctx.end('bot won');
        else if (!inCall) ctx.changed();
      };
      return {
        title: `Game ${ctx.instance}`,
        visible: () => (myTurn ? ['play', 'pass', 'resign'] : ['resign']),
        content: () => [{ type: 'text', text: `total ${total}` }],
        async call(tool, args) {
          if (tool === 'resign') {
            ctx.end('resigned');
            return { content: [{ type: 'text', text: 'You resigned' }] };
          }
          if (tool === 'pass') {
            await bot(true);
            return { content: [{ type: 'text', text: 'You passed' }] };
          }
          total += args['n'] as number;
          if (total >= 10) {
            ctx.end('you won');
            return { content: [{ type: 'text', text: `total ${total}: you won` }] };
          }
          myTurn = false;
          schedule(() => void bot(false));
          return { content: [{ type: 'text', text: `total ${total}` }] };
        },
      };
    },
  };
}

/** A fake clock for idle close: timers run only when the test advances time. */
export class FakeTimers {
  now = 0;
  readonly #pending = new Map<number, { at: number; callback: () => void }>();
  #next = 1;

  readonly timers = {
    setTimeout: (callback: () => void, ms: number): unknown => {
      const id = this.#next++;
      this.#pending.set(id, { at: this.now + ms, callback });
      return id;
    },
    clearTimeout: (handle: unknown): void => {
      this.#pending.delete(handle as number);
    },
  };

  get pending(): number {
    return this.#pending.size;
  }

  advance(ms: number): void {
    this.now += ms;
    for (const [id, timer] of [...this.#pending]) {
      if (timer.at <= this.now) {
        this.#pending.delete(id);
        timer.callback();
      }
    }
  }
}
