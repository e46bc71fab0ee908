/**
 * The saved games in the game (docs/playing.md, "A new game"): the player's unfinished games,
 * reached from the new-game panel, to switch to one or to give one up. Pure: the list's state,
 * what its keys do, and how it is drawn. The games come from the store (src/store/saves-list.ts)
 * through the game loop.
 */
import type { Rules } from '../engine';
import { dealName, lastPlayed } from '../notation';
import { formatDuration } from '../stats';
import type { SavedGame } from '../store/saves-list';
import type { Frame } from './frame';
import type { NewGamePanel, PanelHit } from './new-game';
import { panel } from './panel';

/** The list open over the board. */
export interface SavesPanel {
  readonly kind: 'saves';
  readonly games: readonly SavedGame[];
  /** The game the cursor is on. */
  readonly at: number;
  /** Whether the question to give up the game at the cursor waits for y. */
  readonly asking: boolean;
  /** What the list says under the games (a switch refused, a game given up), or null. */
  readonly note: string | null;
  /** The new-game panel the list was opened from, where Esc goes back to. */
  readonly back: NewGamePanel;
  /** When the list was read (ISO 8601): "today" and "yesterday" are counted from it. */
  readonly listedAt: string;
}

/** What a key on the list asks for. */
export type SavesAnswer =
  | { readonly kind: 'stay'; readonly panel: SavesPanel }
  | { readonly kind: 'back' }
  /** Play the game at the cursor, leaving the one in play saved. */
  | { readonly kind: 'switch'; readonly slot: string }
  /** Give the game at the cursor up: it counts as abandoned. */
  | { readonly kind: 'give-up'; readonly slot: string }
  /** The game at the cursor is the one in play: back to it. */
  | { readonly kind: 'close' };

export function openSaves(
  games: readonly SavedGame[],
  back: NewGamePanel,
  listedAt: Date,
): SavesPanel {
  // The game in play is listed, but the cursor starts on the first other one.
  const other = games.findIndex((game) => game.open !== 'here');
  const at = Math.max(0, other);
  return {
    kind: 'saves',
    games,
    at,
    asking: false,
    note: null,
    back,
    listedAt: listedAt.toISOString(),
  };
}

const stay = (list: SavesPanel, changes: Partial<SavesPanel> = {}): SavesAnswer => ({
  kind: 'stay',
  panel: { ...list, note: null, asking: false, ...changes },
});

/** What a key does on the list: `name` as the key decoder names it, `ch` the character typed. */
export function savesKey(list: SavesPanel, name: string, ch?: string): SavesAnswer {
  const game = list.games[list.at] as SavedGame | undefined;
  const typed = ch === name ? ch : undefined;
  if (list.asking)
    return typed === 'y' && game
      ? { kind: 'give-up', slot: game.slot }
      : stay(list, { note: 'Kept.' });
  const count = list.games.length;
  if (name === 'up' || typed === 'k')
    return stay(list, { at: (list.at + count - 1) % Math.max(1, count) });
  if (name === 'down' || typed === 'j')
    return stay(list, { at: (list.at + 1) % Math.max(1, count) });
  if (name === 'escape' || typed === 'q' || typed === 'b' || name === 'backspace')
    return { kind: 'back' };
  if (!game) return stay(list);
  if (name === 'enter' || typed === ' ') return choose(list, game);
  if (typed === 'x' || name === 'delete') {
    if (game.open === 'here')
      return stay(list, { note: 'That is the game in play: n deals a new one first.' });
    if (game.open === 'elsewhere') return stay(list, { note: ELSEWHERE });
    return stay(list, { asking: true });
  }
  return stay(list);
}

/** A click on game `index` puts the cursor there; on the game already under it, plays it. */
export function savesClick(list: SavesPanel, index: number): SavesAnswer {
  const game = list.games[index];
  if (!game) return stay(list);
  return index === list.at ? choose(list, game) : stay(list, { at: index });
}

const ELSEWHERE = 'That game is open in another spider session: leave it there first.';

function choose(list: SavesPanel, game: SavedGame): SavesAnswer {
  if (game.open === 'here') return { kind: 'close' };
  if (game.open === 'elsewhere') return stay(list, { note: ELSEWHERE });
  return { kind: 'switch', slot: game.slot };
}

/** Rules in short: `2 suits`, with `r3` (relaxed 3) and `keep` (keep suits) where so. */
const shortRules = (rules: Rules): string =>
  [
    `${rules.suits} suit${rules.suits === 1 ? '' : 's'}`,
    ...(rules.relaxed === 0 ? [] : [`r${rules.relaxed}`]),
    ...(rules.keepSuits ? ['keep'] : []),
  ].join(' ');

/** The list's columns for each game: deal (and where open), rules, moves, time, last played. */
function columnsOf(game: SavedGame, now: Date): string[] {
  const moves = `${game.moves} move${game.moves === 1 ? '' : 's'}`;
  const where =
    game.open === 'here' ? ' (in play)' : game.open === 'elsewhere' ? ' (open elsewhere)' : '';
  const daily = game.deal.origin?.daily;
  const name = daily === undefined ? dealName(game.deal) : `daily ${daily}`;
  const when = lastPlayed(game.saved, now);
  return [name + where, shortRules(game.rules), moves, formatDuration(game.elapsedMs), when];
}

/** The games as lines of aligned columns; the deal's column gives way where room is short. */
function gameLines(games: readonly SavedGame[], now: Date, width: number): string[] {
  const rows = games.map((game) => columnsOf(game, now));
  const widths = [0, 1, 2, 3, 4].map((c) => Math.max(0, ...rows.map((row) => row[c].length)));
  const rest = widths.slice(1).reduce((sum, w) => sum + w + 2, 0);
  widths[0] = Math.max(8, Math.min(widths[0], width - rest));
  return rows.map((row) => {
    const name = row[0].length > widths[0] ? `${row[0].slice(0, widths[0] - 1)}~` : row[0];
    const cells = [name.padEnd(widths[0]), row[1].padEnd(widths[1]), row[2].padStart(widths[2])];
    return [...cells, row[3].padStart(widths[3]), row[4]].join('  ').trimEnd();
  });
}

/** Draws the list; answers the rows its games are on (for the mouse), by index. */
export function drawSaves(frame: Frame, list: SavesPanel, ascii: boolean): PanelHit[] {
  const now = new Date(list.listedAt);
  const width = Math.max(20, Math.min(74, frame.width - 6));
  const room = Math.max(1, frame.height - 8);
  // The games shown: a window round the cursor when they do not all fit.
  const first = Math.min(Math.max(0, list.at - room + 1), Math.max(0, list.games.length - room));
  const shown = list.games.slice(first, first + room);
  const footer = list.asking
    ? 'Give it up? It counts as abandoned. y gives up, other keys keep it.'
    : 'Enter plays  x gives up  Esc back';
  const lines = list.games.length === 0 ? ['No other game is saved.'] : [];
  const inner = panel(frame, width, Math.max(1, shown.length) + 3, 'Saved games', ascii);
  const texts = gameLines(shown, now, inner.width);
  const rows: PanelHit[] = [];
  lines.forEach((text, i) => frame.put(inner.x, inner.y + i, text, 'panel', false, inner.width));
  shown.forEach((_game, i) => {
    const index = first + i;
    const on = index === list.at;
    const y = inner.y + i;
    frame.put(inner.x - 1, y, on ? '>' : ' ', 'key');
    frame.put(inner.x, y, texts[i], on ? 'title' : 'panel', on, inner.width);
    rows.push({ y, x: inner.x, width: inner.width, target: { row: 'game', index } });
  });
  const below = inner.y + Math.max(1, shown.length) + 1;
  if (list.note !== null) frame.put(inner.x, below, list.note, 'error', false, inner.width);
  frame.put(
    inner.x,
    inner.y + inner.height - 1,
    footer,
    list.asking ? 'error' : 'key',
    false,
    inner.width,
  );
  return rows;
}
