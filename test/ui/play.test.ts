/**
 * What the line left on leaving says of a game whose lost verdict needs a search (docs/rules.md,
 * "Lost"): leaving never waits for it, on a terminal of its own or on a server playing many games;
 * the game is saved as playing, the line says so, and the next start decides it.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { statusWithin } from '../../src/engine';
import { formatSave } from '../../src/notation';
import { playerPlaces } from '../../src/store/paths';
import { SaveStore } from '../../src/store/saves';
import type { Saving } from '../../src/store/session';
import { runTerminalGame } from '../../src/ui/loop';
import { playInTerminal } from '../../src/ui/play';
import { LOST_GAME_RULES, lostGame } from '../helpers/lost-game';

jest.mock('../../src/ui/loop', () => ({ runTerminalGame: jest.fn() }));

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/** A temporary player's folders, removed after the test. */
function playerFolder() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-play-'));
  roots.push(root);
  return playerPlaces(path.join(root, 'player'));
}

/**
 * Plays with `changes` over a lost game's rules on a terminal that only records what is written
 * to it (`out.written`).
 */
function playWith(changes: Partial<Parameters<typeof playInTerminal>[0]>) {
  const out = { written: '' };
  const played = playInTerminal({
    theme: { ascii: false, color: false, fourColor: false },
    scoring: 'woods',
    terminal: {
      input: {} as NodeJS.ReadStream,
      output: {
        columns: 80,
        write: (text: string) => (out.written += text),
      } as unknown as NodeJS.WriteStream,
    },
    env: {},
    randomSeed: () => '15',
    rules: LOST_GAME_RULES,
    explicitRules: {},
    fresh: true,
    host: {
      watch: () => () => undefined,
      suspend: () => Promise.resolve('unavailable'),
      atExit: () => () => undefined,
    },
    ...changes,
  });
  return { played, out };
}

/**
 * Plays a game that leaves at once, in the lost position, and answers the line left, with what
 * was written to the terminal before it.
 */
async function leaveLostWriting(saving: Saving): Promise<{ summary: string; written: string }> {
  const lost = lostGame();
  expect(statusWithin(lost.position)).toBeNull(); // a verdict that takes a search
  jest
    .mocked(runTerminalGame)
    .mockResolvedValue({ status: 0, state: { game: lost } } as Awaited<
      ReturnType<typeof runTerminalGame>
    >);
  const { played, out } = playWith({ places: playerFolder(), saving });
  const result = await played;
  return { summary: result.summary, written: out.written };
}

it.each(['at-once', 'in-background'] as const)(
  'saving %s, says it is saved as the save was made: no search on the way out',
  async (saving) => {
    const { summary, written } = await leaveLostWriting(saving);
    expect(summary).toMatch(/saved for next time/);
    expect(summary).not.toMatch(/\blost\b/);
    expect(written).toBe(''); // nothing said of a wait: there is none
  },
);

it('plays nothing when the saved game asked for is held by another session, and says why', async () => {
  const places = playerFolder();
  const games = path.join(places.state, 'games');
  fs.mkdirSync(games, { recursive: true, mode: 0o700 });
  const when = '2026-12-07T10:00:00.000Z';
  const text = formatSave(lostGame(5), { elapsedMs: 1, started: when, saved: when });
  fs.writeFileSync(path.join(games, 'held.txt'), text, { mode: 0o600 });
  const holder = new SaveStore(places);
  expect(holder.claim('held')).toBe(true);
  jest.mocked(runTerminalGame).mockClear();
  const { played, out } = playWith({ fresh: false, slot: 'held', places });
  const result = await played;
  holder.release('held');
  expect(result).toEqual({
    status: 2,
    summary: '',
    problem: 'That game is open in another spider session: leave it there first.',
    unsaved: false,
    touched: false,
  });
  expect(runTerminalGame).not.toHaveBeenCalled();
  expect(out.written).toBe('');
  expect(fs.readdirSync(games)).toEqual(['held.txt']);
});
