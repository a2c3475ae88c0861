import type { ToolsetServerOptions } from '@mcpforge/mcpl/toolsets';
import { ToolsetServer } from '@mcpforge/mcpl/toolsets';
import { Game } from './game.js';

export interface ArcadeOptions {
  /** How long the bot thinks after `play`. Default 300 ms. */
  botDelayMs?: number | undefined;
  idleCloseMs?: number | undefined;
  onError?: ToolsetServerOptions['onError'];
}

const EMPTY = { type: 'object', additionalProperties: false } as const;

/** The seed's arcade: one toolset `game` with instances, tools play/pass/resign. */
export function createArcade(options: ArcadeOptions = {}): ToolsetServer {
  const botDelayMs = options.botDelayMs ?? 300;
  return new ToolsetServer({
    name: 'arcade',
    version: '1.0.0',
    idleCloseMs: options.idleCloseMs,
    onError: options.onError,
    toolsets: {
      game: {
        title: 'Game',
        summary: 'Nim against the bot: take 1-3 stones, the last stone wins',
        default: 'closed',
        instances: true,
        optionsSchema: {
          type: 'object',
          properties: { stones: { type: 'integer', minimum: 1, maximum: 100 } },
          additionalProperties: false,
        },
        tools: [
          {
            name: 'play',
            description: 'Take 1-3 stones',
            inputSchema: {
              type: 'object',
              properties: { n: { type: 'integer', minimum: 1, maximum: 3 } },
              required: ['n'],
              additionalProperties: false,
            },
          },
          { name: 'pass', description: 'Let the bot move now', inputSchema: EMPTY },
          { name: 'resign', description: 'Give up this game', inputSchema: EMPTY },
        ],
        open(ctx, opened) {
          const game = new Game(typeof opened['stones'] === 'number' ? opened['stones'] : undefined);
          let timer: NodeJS.Timeout | undefined;
          const bot = (inCall: boolean): string => {
            const said = game.botMove();
            if (game.over !== undefined) ctx.end(game.over);
            else if (!inCall) void ctx.emit(said);
            return said;
          };
          return {
            title: `Game ${ctx.instance}`,
            visible: () => (game.myTurn ? ['play', 'pass', 'resign'] : ['resign']),
            content: () => [{ type: 'text', text: game.board() }],
            call(tool, args) {
              if (tool === 'resign') {
                clearTimeout(timer);
                game.over = 'resigned';
                ctx.end('resigned');
                return { content: [{ type: 'text', text: 'You resigned' }] };
              }
              if (tool === 'pass') return { content: [{ type: 'text', text: bot(true) }] };
              const said = game.take(args['n'] as number);
              if (game.over !== undefined) ctx.end(game.over);
              else timer = setTimeout(() => bot(false), botDelayMs);
              return { content: [{ type: 'text', text: said }] };
            },
            close() {
              clearTimeout(timer);
            },
          };
        },
      },
    },
  });
}
