import { describe, expect, it } from 'vitest';
import { composeGreeting } from './greeter.js';
import { Manager } from './manager.js';

describe('composeGreeting', () => {
  it('greets by trimmed name, or a friend when the name is blank', () => {
    expect(composeGreeting('Hello', '  Ada ')).toBe('Hello, Ada!');
    expect(composeGreeting('Hi', '   ')).toBe('Hi, friend!');
  });
});

describe('Manager', () => {
  it('counts greetings across calls', () => {
    const manager = new Manager({ salutation: 'Hello' });
    expect(manager.greet('Ada')).toEqual({ message: 'Hello, Ada!', count: 1 });
    expect(manager.greet('Lin')).toEqual({ message: 'Hello, Lin!', count: 2 });
  });

  it('uses new settings from the next call on', () => {
    const manager = new Manager({ salutation: 'Hello' });
    manager.greet('Ada');
    manager.configure({ salutation: 'Good evening' });
    expect(manager.greet('Ada')).toEqual({ message: 'Good evening, Ada!', count: 2 });
  });
});
