/**
 * Turns for the lost-game search among the games of one process (src/host/search-turns.ts): one
 * search at a time, and a turn given up goes on to the next.
 */
import { SearchTurns } from '../../src/host/search-turns';

/** A later turn of the event loop. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('turns for the lost-game search', () => {
  it('a turn given up after it came, before it began, goes on; the others keep their place', async () => {
    const turns = new SearchTurns();
    const started: string[] = [];
    const giveA = turns.take(() => started.push('a'));
    const giveB = turns.take(() => started.push('b'));
    turns.take(() => started.push('c'));
    giveA(); // b's turn comes on the next turn of the event loop...
    giveB(); // ...but b is given up first
    for (let i = 0; i < 5; i++) await turn();
    expect(started).toEqual(['a', 'c']);
    // c still holds the turn: d waits.
    turns.take(() => started.push('d'));
    for (let i = 0; i < 5; i++) await turn();
    expect(started).toEqual(['a', 'c']);
  });
});
