/**
 * A game continued from a record file (`spider play FILE`) through a real session on real
 * folders: its result is kept in the history, marked, and counts in no statistic.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { type Game, newGame, play, type Rules, bySeed } from '../../src/engine';
import { summarize } from '../../src/stats';
import { readResults } from '../../src/store/history';
import { localPlaces } from '../../src/store/paths';
import { giveUpSave, listSaves } from '../../src/store/saves-list';
import { GameSession } from '../../src/store/session';
import { storeNote } from '../../src/words/store';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function env() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-continued-'));
  roots.push(root);
  return { XDG_STATE_HOME: path.join(root, 'state'), XDG_DATA_HOME: path.join(root, 'data') };
}

function open(folders: NodeJS.ProcessEnv, loaded?: Game) {
  return GameSession.open({
    places: localPlaces(folders),
    rules: RULES,
    explicitRules: {},
    fresh: false,
    randomSeed: () => '7',
    ...(loaded ? { loaded: { game: loaded, name: "'game.txt'" } } : {}),
  });
}

/** Gives up every saved game, as the list of saves does; returns what it says of each. */
function giveUpAll(folders: NodeJS.ProcessEnv): string[] {
  const places = localPlaces(folders);
  return listSaves(places).games.map((saved) => storeNote(giveUpSave(places, saved.slot)).text);
}

/** Seed 42 with one move played: J♥ onto Q♥. */
function oneMove(): Game {
  const outcome = play(newGame('42', RULES), { kind: 'move', from: 7, to: 4 });
  if (!outcome.ok) throw new Error('seed 42: 8-5 is legal');
  return outcome.game;
}

describe('a game continued from a record file', () => {
  it('is recorded marked as continued, and counts in no statistic', () => {
    const folders = env();
    const { session, game } = open(folders, oneMove());
    const dealt = play(game, { kind: 'deal' });
    if (!dealt.ok) throw new Error('seed 42 deals');
    session.changed(game, dealt.game);
    // A new game leaves it saved; given up, it is recorded.
    session.changed(dealt.game, newGame('7', RULES));
    expect(readResults(path.join(folders.XDG_DATA_HOME, 'spider')).results).toEqual([]);
    giveUpAll(folders);
    const history = readResults(path.join(folders.XDG_DATA_HOME, 'spider'));
    expect(history.results).toEqual([
      expect.objectContaining({ deal: bySeed('42'), outcome: 'abandoned', continued: true }),
    ]);
    expect(summarize(history.results)).toEqual([]);
  });

  it('stays marked when it is saved and resumed', () => {
    const folders = env();
    const first = open(folders, oneMove());
    first.session.leave(first.game);
    const again = open(folders);
    expect(again.messages.map((m) => storeNote(m).text).join(' ')).toContain('Resumed');
    again.session.changed(again.game, newGame('7', RULES));
    giveUpAll(folders);
    const history = readResults(path.join(folders.XDG_DATA_HOME, 'spider'));
    expect(history.results).toEqual([
      expect.objectContaining({ deal: bySeed('42'), continued: true }),
    ]);
  });

  it('stays saved at a start of a new game; given up, it is not said to count as abandoned', () => {
    const folders = env();
    const first = open(folders, oneMove());
    first.session.leave(first.game);
    const next = GameSession.open({
      places: localPlaces(folders),
      rules: RULES,
      explicitRules: {},
      fresh: true,
      randomSeed: () => '7',
    });
    expect(next.messages).toEqual([]);
    expect(giveUpAll(folders)).toEqual([
      'Your unfinished game (seed 42) is given up; continued from a record, it counts in no statistic.',
    ]);
    const history = readResults(path.join(folders.XDG_DATA_HOME, 'spider'));
    expect(history.results).toEqual([
      expect.objectContaining({ deal: bySeed('42'), outcome: 'abandoned', continued: true }),
    ]);
  });

  it('a game dealt here is not marked', () => {
    const folders = env();
    const { session, game } = open(folders);
    const dealt = play(game, { kind: 'deal' });
    if (!dealt.ok) throw new Error('seed 7 deals');
    session.changed(game, dealt.game);
    session.changed(dealt.game, newGame('8', RULES));
    giveUpAll(folders);
    const history = readResults(path.join(folders.XDG_DATA_HOME, 'spider'));
    expect(history.results).toEqual([
      expect.objectContaining({ deal: bySeed('7'), outcome: 'abandoned' }),
    ]);
    expect(history.results[0].continued).toBeUndefined();
    expect(summarize(history.results)).toHaveLength(1);
  });
});
