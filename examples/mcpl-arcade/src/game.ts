/**
 * Nim against a bot: a heap of stones, each turn takes 1-3, whoever takes the last one wins.
 * The bot thinks for `botDelayMs` after the player's `play`, so for a while only `resign` is
 * visible; `pass` hands it the turn at once.
 */
export class Game {
  stones: number;
  myTurn = true;
  over: string | undefined;

  constructor(stones = 12) {
    this.stones = stones;
  }

  board(): string {
    if (this.over !== undefined) return `Game over: ${this.over}`;
    return `${this.stones} stones left; ${this.myTurn ? 'your turn (take 1-3)' : 'the bot is thinking'}`;
  }

  /** The player takes `n`; the answer says what happened. */
  take(n: number): string {
    this.stones -= Math.min(n, this.stones);
    if (this.stones === 0) {
      this.over = 'you won';
      return 'You took the last stone: you won';
    }
    this.myTurn = false;
    return `You took ${n}; ${this.stones} left`;
  }

  /** The bot's move: leave a multiple of 4 when it can, else take 1. */
  botMove(): string {
    const n = this.stones % 4 === 0 ? 1 : this.stones % 4;
    this.stones -= n;
    this.myTurn = true;
    if (this.stones === 0) {
      this.over = 'the bot won';
      return `The bot took the last ${n}: it won`;
    }
    return `The bot took ${n}; ${this.stones} left`;
  }
}
