/**
 * The questions waiting for the solver's threads (docs/serve.md, "Playing over SSH", "One
 * process, many players"): each asker's in the order asked, and askers in turns, the one served
 * longest ago first.
 */
import { SolverTurns } from '../../src/host/solver-turns';

const drain = (turns: SolverTurns<string>) => {
  const taken: string[] = [];
  for (let next = turns.next(); next !== undefined; next = turns.next()) taken.push(next);
  return taken;
};

describe('SolverTurns', () => {
  it('askers take turns, round and round, each one’s questions in the order asked', () => {
    const turns = new SolverTurns<string>();
    const [a, b, c] = [{}, {}, {}];
    for (const n of [1, 2, 3]) turns.add(a, `a${n}`);
    for (const n of [1, 2]) turns.add(b, `b${n}`);
    turns.add(c, 'c1');
    expect(turns.size).toBe(6);
    expect(drain(turns)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(turns.size).toBe(0);
  });

  it('one who asks now and then goes before those who keep asking; one who comes joins the round', () => {
    const turns = new SolverTurns<string>();
    const rare = {};
    turns.add(rare, 'rare1');
    expect(turns.next()).toBe('rare1');
    const many = Array.from({ length: 12 }, () => ({}));
    many.forEach((asker, i) => turns.add(asker, `m${i}`));
    expect(turns.next()).toBe('m0');
    // Asked before the twelve came, and not since: it goes before those still waiting.
    turns.add(rare, 'rare2');
    expect(turns.next()).toBe('rare2');
    for (let i = 1; i < 12; i++) expect(turns.next()).toBe(`m${i}`);
    // The twelve ask again and again; one who comes now waits for their round, not for more.
    many.forEach((asker, i) => turns.add(asker, `again${i}`));
    const newcomer = {};
    turns.add(newcomer, 'new1');
    turns.add(rare, 'rare3');
    // Each in the order last served: m0, then the rare one, then the eleven; the newcomer last.
    expect(drain(turns)).toEqual([
      'again0',
      'rare3',
      ...many.slice(1).map((_, i) => `again${i + 1}`),
      'new1',
    ]);
  });

  it('a question taken out of line is never answered from it', () => {
    const turns = new SolverTurns<string>();
    const [a, b] = [{}, {}];
    turns.add(a, 'a1');
    turns.add(a, 'a2');
    turns.add(b, 'b1');
    expect(turns.remove(a, 'a1')).toBe(true);
    expect(turns.remove(a, 'a1')).toBe(false);
    expect(turns.remove(b, 'a2')).toBe(false);
    expect(turns.remove(b, 'b1')).toBe(true);
    expect(drain(turns)).toEqual(['a2']);
  });
});
