/**
 * Save files: a game written with `formatSave` comes back from `parseSave` exactly (the line of
 * play, the redo stack, the counters), and every file that cannot be trusted is refused with a
 * reason a player can read.
 */
import fc from 'fast-check';
import {
  actionsKept,
  actionsUndone,
  DEAL,
  type Game,
  gameStatus,
  legalActions,
  markHelped,
  move,
  newGame,
  play,
  redo,
  restart,
  type Rules,
  undo,
  bySeed,
} from '../../src/engine';
import {
  formatAction,
  formatRecord,
  formatSave,
  parseSave,
  readSaveHeader,
  SAVE_FORMAT,
} from '../../src/notation';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const NOW = '2026-05-01T12:00:00.000Z';
const INFO = { elapsedMs: 61_234, started: '2026-05-01T11:00:00.000Z', saved: NOW };

function ok(outcome: ReturnType<typeof play>): Game {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome.game;
}

/** The game a save file gives back, failing the test with the reason when it is refused. */
function loaded(text: string): Game {
  const parsed = parseSave(text, NOW);
  if (!parsed.ok) throw new Error(`refused: ${parsed.reason}\n${text}`);
  return parsed.save.game;
}

/** Why a save file is refused, failing the test when it is not. */
function refusal(text: string): string {
  const parsed = parseSave(text, NOW);
  if (parsed.ok) throw new Error(`accepted, but should not be:\n${text}`);
  return parsed.reason;
}

/** Every position `redo` (or `undo`) leads through, to the end of the stack. */
function walk(game: Game, step: (g: Game) => ReturnType<typeof redo>): Game['position'][] {
  const positions = [];
  for (let g = game, next = step(g); next.ok; g = next.game, next = step(g)) {
    positions.push(next.game.position);
  }
  return positions;
}

/** The two games are the same game at the same point, with the same history both ways. */
function expectSameGame(actual: Game, expected: Game): void {
  expect(actual.deal.key).toBe(expected.deal.key);
  expect(actual.rules).toEqual(expected.rules);
  expect(actual.position).toEqual(expected.position);
  expect(actionsKept(actual)).toEqual(actionsKept(expected));
  expect(actionsUndone(actual)).toEqual(actionsUndone(expected));
  expect(actual.actions).toBe(expected.actions);
  expect(actual.peeks).toBe(expected.peeks);
  expect(walk(actual, redo)).toEqual(walk(expected, redo));
  expect(walk(actual, undo)).toEqual(walk(expected, undo));
}

/** Seed 42: J♥ (column 8, turning the card under it) onto Q♥ (column 5), then a deal. */
function seed42(): Game {
  let game = newGame('42', RULES);
  for (const action of [move(7, 4), DEAL]) game = ok(play(game, action));
  return game;
}

/** A valid save to damage: seed 42 with two moves kept and one undone. */
function goodSave(): { game: Game; text: string } {
  const game = ok(undo(seed42()));
  return { game, text: formatSave(game, INFO) };
}

function withHeader(text: string, key: string, value: string | null): string {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}: `));
  if (index < 0) throw new Error(`no ${key} line`);
  if (value === null) lines.splice(index, 1);
  else lines[index] = `${key}: ${value}`;
  return lines.join('\n');
}

describe('formatSave and parseSave: the same game comes back', () => {
  it('with a line of play, an undone deal and the counters', () => {
    const game = ok(undo(seed42())); // the deal is undone: one peek
    expect(game.peeks).toBe(1);
    expect(game.actions).toBe(3);
    const text = formatSave(game, INFO);
    expect(text).toContain(`save-format: ${SAVE_FORMAT}\n`);
    expect(text).toContain('undone: 1\n');
    expect(text).toMatch(/\n\n8-5 d\n$/);
    const parsed = parseSave(text, NOW);
    if (!parsed.ok) throw new Error(parsed.reason);
    expectSameGame(parsed.save.game, game);
    expect(parsed.save).toMatchObject(INFO);
  });

  it('after undo, redo and a new move that clears the redo stack', () => {
    let game = seed42(); // 8-5 d
    game = ok(undo(game));
    game = ok(undo(game));
    game = ok(redo(game)); // 8-5 kept, d undone
    expectSameGame(loaded(formatSave(game, INFO)), game);
    expect(actionsUndone(game)).toEqual([DEAL]);
    const other = legalActions(game.position).find((a) => a.kind === 'move');
    game = ok(play(game, other!)); // a new move clears the redo stack
    const back = loaded(formatSave(game, INFO));
    expectSameGame(back, game);
    expect(actionsUndone(back)).toEqual([]);
    expect(back.actions).toBe(6);
    expect(back.peeks).toBe(2); // undoing the deal and the move that turned a card
  });

  it('with everything undone, and after a restart', () => {
    let game = seed42();
    game = ok(undo(ok(undo(game))));
    expect(actionsKept(game)).toEqual([]);
    expectSameGame(loaded(formatSave(game, INFO)), game);
    game = restart(ok(redo(game)));
    expect(game.actions).toBe(0);
    expectSameGame(loaded(formatSave(game, INFO)), game);
  });

  it('for random games of random rules with random undos and redos (property)', () => {
    const step = fc.oneof(
      { weight: 6, arbitrary: fc.nat().map((n) => ({ kind: 'play' as const, n })) },
      { weight: 3, arbitrary: fc.constant({ kind: 'undo' as const }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'redo' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
    );
    const rules = fc.record({
      suits: fc.constantFrom(1 as const, 2 as const, 4 as const),
      relaxed: fc.constantFrom(0 as const, 1 as const, 2 as const),
      keepSuits: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((s) => s.trim() === s && !/\p{Cc}/u.test(s)),
        rules,
        fc.array(step, { maxLength: 80 }),
        (seed, r, steps) => {
          let game = newGame(seed, r);
          for (const s of steps) {
            if (s.kind === 'play') {
              const legal = legalActions(game.position);
              if (legal.length > 0) game = ok(play(game, legal[s.n % legal.length]));
            } else if (s.kind === 'undo') {
              const next = undo(game);
              if (next.ok) game = next.game;
            } else if (s.kind === 'redo') {
              const next = redo(game);
              if (next.ok) game = next.game;
            } else {
              game = restart(game);
            }
          }
          expectSameGame(loaded(formatSave(game, INFO)), game);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps a game played with help so, and reads a save without the line as not helped', () => {
    const game = markHelped(seed42());
    const text = formatSave(game, INFO);
    expect(text).toContain('\nhelped: yes\n');
    expect(loaded(text).helped).toBe(true);
    const plain = formatSave(seed42(), INFO);
    expect(plain).not.toContain('helped');
    expect(loaded(plain).helped).toBe(false);
    expect(loaded(text.replace('helped: yes', 'helped: no')).helped).toBe(false);
  });

  it('keeps a finished game finished', () => {
    // Seed 6: random play that ends with no legal action left.
    const line =
      '9-10/1 7-2/1 d 3-7/1 7-5/1 4-7/1 9-2/1 d 4-1/1 9-7/1 8-9/1 d 7-1/1 9-10/1 3-9/1 5-9/1 ' +
      '5-1/1 6-3/1 5-1/1 d 10-3/1 3-5/1 5-3/1 d 9-10/1 1-2/1 9-2/1 10-2/2';
    const text = `seed: 6\nsave-format: 1\nundone: 0\nactions: 28\npeeks: 0\nelapsed-ms: 5\n\n${line}\n`;
    const game = loaded(text);
    expect(gameStatus(game)).toBe('lost');
    expectSameGame(loaded(formatSave(game, INFO)), game);
  });
});

describe('parseSave: counters', () => {
  const { game, text } = goodSave();

  it('raises counters lower than the moves in the file allow', () => {
    const low = withHeader(withHeader(text, 'actions', '0'), 'peeks', '0');
    const back = loaded(low);
    // Two actions played, one of them undone: at least three actions were counted.
    expect(back.actions).toBe(3);
    expect(back.actions).toBeGreaterThanOrEqual(actionsKept(back).length);
    expect(back.position).toEqual(game.position);
  });

  it('keeps counters higher than the least possible as they are', () => {
    const back = loaded(withHeader(withHeader(text, 'actions', '250'), 'peeks', '7'));
    expect(back.actions).toBe(250);
    expect(back.peeks).toBe(7);
  });

  it('falls back to now for a missing or unreadable date', () => {
    const parsed = parseSave(
      withHeader(withHeader(text, 'started', 'yesterday'), 'saved', null),
      NOW,
    );
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.save.started).toBe(NOW);
    expect(parsed.save.saved).toBe(NOW);
  });

  it.each(['undone', 'actions', 'peeks', 'elapsed-ms'])('refuses a missing %s line', (key) => {
    expect(refusal(withHeader(text, key, null))).toMatch(/missing or not a whole number/);
  });

  it.each([
    ['actions', '-3'],
    ['peeks', '-1'],
    ['elapsed-ms', '-100'],
    ['actions', '99999999999999999999'],
    ['peeks', '1e6'],
    ['elapsed-ms', '5000000000000'],
    ['actions', ''],
    ['peeks', 'NaN'],
  ])('refuses %s: %j', (key, value) => {
    expect(refusal(withHeader(text, key, value))).toMatch(
      /undone, actions, peeks or elapsed-ms line is missing or not a whole number in range/,
    );
  });

  // Read as a record the same way (docs/records.md, "Move notation and game records"), naming the
  // line.
  it.each(['-1', '1.5', '3', '1000000'])(
    'refuses undone: %j, more than its two actions or no count',
    (value) => {
      expect(refusal(withHeader(text, 'undone', value))).toMatch(
        new RegExp(
          `^line \\d+: a save's undone actions must be a whole number from 0 to the 2 actions in its body, not '${value.replace('.', '\\.')}'$`,
        ),
      );
    },
  );
});

describe('parseSave: files that are refused, and why', () => {
  const { text } = goodSave();

  it('a plain game record (no save-format line)', () => {
    const record = formatRecord({
      deal: bySeed('42'),
      rules: RULES,
      meta: [],
      actions: [move(7, 4)],
    });
    expect(refusal(record)).toBe("it is not a saved game (no 'save-format' line)");
  });

  it.each(['', '1.0', 'one'])('save-format %j: cut short or damaged', (format) => {
    expect(refusal(withHeader(text, 'save-format', format))).toBe(
      `it is cut short or damaged (save format '${format}' is no version number)`,
    );
  });

  it('a file cut short just after save-format: (the scan reads the header alone)', () => {
    const cut = text.slice(0, text.indexOf('save-format:') + 'save-format: '.length);
    const header = readSaveHeader(cut, '2026-06-01T00:00:00.000Z');
    expect(header.ok ? 'read' : header.reason).toBe(
      "it is cut short or damaged (save format '' is no version number)",
    );
  });

  it.each(['2', '0', '10'])('save-format %j: another version', (format) => {
    const reason = refusal(withHeader(text, 'save-format', format));
    expect(reason).toContain('written by another version of spider');
    expect(reason).toContain(`save format '${format}'`);
    expect(reason).toContain(`this one reads ${SAVE_FORMAT}`);
  });

  it('an illegal action in the body: its number, token and line', () => {
    // 5-2 after 8-5: J♥ onto A♠; the second action, on the second line of the body.
    const body = text.replace(/\n\n8-5 d\n$/, '\n\n8-5\n5-2 d\n');
    const reason = refusal(withHeader(body, 'undone', '0'));
    expect(reason).toMatch(/^action 2 '5-2' \(line \d+\) is illegal: nothing goes onto an ace/);
    const line = Number(/\(line (\d+)\)/.exec(reason)![1]);
    expect(body.split('\n')[line - 1]).toBe('5-2 d');
  });

  it('an illegal action among the undone ones', () => {
    // 2-9 after 8-5 d: 4♥ onto 8♣.
    const reason = refusal(text.replace(/\n\n8-5 d\n$/, '\n\n8-5 d 2-9\n'));
    expect(reason).toMatch(/^action 3 '2-9' \(line \d+\) is illegal: /);
  });

  it('a token that is no action, with control characters shown escaped', () => {
    const reason = refusal(text.replace(/\n\n8-5 d\n$/, '\n\n8-5 \x1b[2Jx\n'));
    expect(reason).toMatch(/^line \d+: .*is not an action/);
    expect(reason).toContain('\\x1b');
    expect(reason).not.toMatch(/\p{Cc}/u);
  });

  it.each([
    ['empty', ''],
    ['garbage', 'lorem ipsum dolor sit amet\n\x00\x01\x02'],
    ['JSON', '{"__proto__":{"polluted":true},"seed":"42","save-format":1}'],
    ['half a header', text.slice(0, text.indexOf('save-format'))],
    ['a header cut in a value', text.slice(0, text.indexOf('undone: ') + 'undone'.length)],
    ['a key twice', text.replace('peeks: 1\n', 'peeks: 1\npeeks: 2\n')],
    ['bad rules', text.replace('suits: 4', 'suits: 3')],
    ['no seed', text.replace(/^seed: .*\n/m, '')],
  ])('%s', (_name, bad) => {
    const reason = refusal(bad);
    expect(reason.length).toBeGreaterThan(10);
    expect(reason).not.toMatch(/\p{Cc}/u);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.nat(text.length),
        (noise, at) => {
          const parsed = parseSave(text.slice(0, at) + noise + text.slice(at), NOW);
          if (!parsed.ok) expect(parsed.reason).not.toMatch(/\p{Cc}/u);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every prefix of a save is refused or replays to a position the rules reach', () => {
    for (let at = 0; at < text.length; at++) {
      const parsed = parseSave(text.slice(0, at), NOW);
      if (!parsed.ok) continue;
      // Accepted only with the whole header. A cut between two actions cannot be told from a
      // shorter game (the format has no length or end mark): it gives an earlier point of the
      // same game, never a position the rules do not reach.
      expect(at).toBeGreaterThan(text.indexOf('\n\n'));
      const kept = actionsKept(parsed.save.game).map(formatAction);
      expect(['8-5 d', '8-5', ''].map((s) => s.split(' ').filter(Boolean))).toContainEqual(kept);
    }
  });
});

describe('a deal chosen as proven winnable (docs/deals.md, "Winnable deals")', () => {
  it.each([
    [{ from: bySeed('42') }, 'winnable-from-seed: 42'],
    [{ from: { scheme: 'pysol', key: '7' } as const }, 'winnable-from-deal: pysol:7'],
    [{ from: bySeed('2026-11-23'), daily: '2026-11-23' }, 'daily: 2026-11-23'],
  ])('keeps where it came from: %j', (origin, line) => {
    const game = ok(play(newGame({ ...bySeed('43'), origin }, RULES), DEAL));
    const text = formatSave(game, INFO);
    expect(text.split('\n')).toContain(line);
    expect(loaded(text).deal).toEqual({ ...bySeed('43'), origin });
    const header = readSaveHeader(text, NOW);
    expect(header.ok && header.header.deal).toEqual({ ...bySeed('43'), origin });
  });

  it('a deal named directly has no origin, and an invalid one is ignored', () => {
    const game = ok(play(newGame('43', RULES), DEAL));
    expect(formatSave(game, INFO)).not.toMatch(/winnable|daily/);
    expect(loaded(formatSave(game, INFO)).deal).toEqual(bySeed('43'));
    const edited = formatSave(game, INFO).replace(
      'save-format: 1\n',
      'save-format: 1\nwinnable-from-deal: pysol:0\n',
    );
    expect(loaded(edited).deal).toEqual(bySeed('43'));
  });
});
