/**
 * The fair player (README, "Hints"): chooses an action from what the player sees, and nothing
 * else: the face-up cards, how many cards are face down in each column, how many are left in the
 * stock, and the removed suits; hence which cards are still unseen. Pure: no I/O; time comes
 * from the clock it is given.
 *
 * How it decides:
 * 1. It looks at every arrangement it can reach with moves that turn no card (breadth first, up
 *    to `FAIR_TUNING.nodes` of them). Those moves are certain: nothing unseen decides where they lead.
 * 2. From those arrangements, the actions that show something new (a move that turns a card, a
 *    deal) are the uncertain ones. It samples `worlds` arrangements of the unseen cards that fit
 *    what is visible, plays each such action in each world, and rates where it leads after a
 *    short beam search by moves (cards they turn are the world's). Every action is rated in the same
 *    worlds.
 * 3. It chooses the best: an arrangement better than the present one, a card to turn, or a deal
 *    when nothing else is worth doing; and answers the first action of the way there.
 * 4. With the stock dealt and cards face down, the solver plays out worlds first, and the column
 *    that most of the lines it wins turn first is the one turned (`solvedVote`).
 * The worlds are drawn from the seed and the unseen cards only, so they stay the same between
 * two turns of a card: the plan does not wander while the player arranges the face-up cards.
 */
import seedrandom from 'seedrandom';
import type { Action } from '../engine/actions';
import { actionOf, Board, DEAL_CODE, type ActionCode } from '../engine/board';
import { type Card, SUIT_LENGTH, type Suit, makeCard } from '../engine/cards';
import { deckOf } from '../engine/deals';
import type { Game } from '../engine/game';
import { HashSet64 } from '../engine/hash';
import { applyLegal } from '../engine/apply';
import { COLUMN_COUNT, DEAL_SIZE, type Position, stockLeft, totalHidden } from '../engine/position';
import type { Rules } from '../engine/rules';
import { winChance } from './chance';
import { candidates, score, solve } from './solver';

/** What the player sees of a position. */
export interface View {
  readonly rules: Rules;
  /** The cards the game is played with: known to every player of the variant. */
  readonly deck: readonly Card[];
  /** Column 1 first: how many cards are face down, and the face-up cards, deepest first. */
  readonly columns: readonly { readonly hidden: number; readonly up: readonly Card[] }[];
  readonly stockLeft: number;
  /** Deals made. */
  readonly dealt: number;
  /** The suit of each removed suit, in order of removal. */
  readonly foundations: readonly Suit[];
}

/** What the player of a game sees now. */
export function gameView(game: Game): View {
  return viewOf(game.position, deckOf(game.deal, game.rules));
}

/** What the player sees of `position`, in a game played with `deck`. */
export function viewOf(position: Position, deck: readonly Card[]): View {
  return {
    rules: position.rules,
    deck,
    columns: position.columns.map((column) => ({
      hidden: column.hidden,
      up: column.cards.slice(column.hidden),
    })),
    stockLeft: stockLeft(position),
    dealt: position.dealt,
    foundations: position.foundations,
  };
}

/** The cards the player has not seen (face down or in the stock), in card order. */
export function unseenCards(view: View): Card[] {
  const counts = new Int32Array(64);
  for (const card of view.deck) counts[card]++;
  for (const column of view.columns) for (const card of column.up) counts[card]--;
  for (const suit of view.foundations)
    for (let rank = 1; rank <= SUIT_LENGTH; rank++) counts[makeCard(rank, suit)]--;
  const unseen: Card[] = [];
  for (let card = 0; card < counts.length; card++) {
    if (counts[card] < 0) throw new Error('the visible cards are more than the deck holds');
    for (let k = 0; k < counts[card]; k++) unseen.push(card);
  }
  const places = view.columns.reduce((sum, column) => sum + column.hidden, view.stockLeft);
  if (places !== unseen.length)
    throw new Error(`${unseen.length} unseen cards for ${places} face-down and stock places`);
  return unseen;
}

/** A position that fits the view: the unseen cards shuffled into the face-down and stock places. */
export function sampleWorld(view: View, random: () => number): Position {
  const unseen = unseenCards(view);
  for (let i = unseen.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [unseen[i], unseen[j]] = [unseen[j], unseen[i]];
  }
  let next = 0;
  const columns = view.columns.map((column) => {
    const down = unseen.slice(next, next + column.hidden);
    next += column.hidden;
    return { cards: [...down, ...column.up], hidden: column.hidden };
  });
  // The cards already dealt are in the tableau; their places in the stock are never read again.
  const stock = [...new Array<Card>(view.dealt * DEAL_SIZE).fill(0), ...unseen.slice(next)];
  return { rules: view.rules, columns, stock, dealt: view.dealt, foundations: view.foundations };
}

export interface FairBudget {
  /** Milliseconds to think at most (default 1,000). */
  readonly timeMs?: number;
  /** The seed of the worlds sampled (default 'fair'). */
  readonly seed?: string;
  /** Asked now and then: true stops the thinking (the best choice so far is answered). */
  readonly cancelled?: () => boolean;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
  /** Constants other than the player's own, to compare them (the benchmark). */
  readonly tuning?: Partial<FairTuning>;
}

/** What the chosen action leads to. */
export type FairGoal =
  /** The game is won by the plan's moves, which turn no card. */
  | 'win'
  /** A better arrangement of the face-up cards. */
  | 'arrange'
  /** A card turned face up (by the plan's last move). */
  | 'turn'
  /** A deal from the stock (the plan's last action). */
  | 'deal';

export interface FairChoice {
  /** The action to play now; null when nothing is worth doing (the player would resign). */
  readonly action: Action | null;
  /** The plan the action starts: moves that turn no card, then maybe a turn or a deal. */
  readonly plan: readonly Action[];
  readonly goal: FairGoal | null;
  /** The estimated chance of winning from here, 0 to 1, when there is one. */
  readonly chance: number | null;
  /** Worlds every uncertain action was rated in. */
  readonly worlds: number;
  /** Positions looked at. */
  readonly positions: number;
  readonly ms: number;
  /**
   * Whether the time (or a cancel) stopped the thinking before it was done. Only then can the
   * answer differ from one run to another: the work done depends on how fast the machine was.
   */
  readonly cut: boolean;
}

/** The player's constants. Fixed for play; the benchmark may try others to compare them. */
export interface FairTuning {
  /** Worlds sampled. */
  readonly worlds: number;
  /** Arrangements reachable without turning a card, looked at most. */
  readonly nodes: number;
  /** Uncertain actions rated at most: the best turns by a first look, and the best deals. */
  readonly turns: number;
  readonly deals: number;
  /** The follow-up after an uncertain action: positions kept per move, and moves. */
  readonly followWidth: number;
  readonly followDepth: number;
  /** How much worse than the best arrangement a turn may look and still come before a deal. */
  readonly turnCost: number;
  /**
   * With the stock dealt: worlds the solver plays out, positions it may look at in each, and how
   * many of them it must win for their vote to decide.
   */
  readonly solved: number;
  readonly solvedPositions: number;
  readonly solvedVotes: number;
}

export const FAIR_TUNING: FairTuning = {
  worlds: 32,
  nodes: 3_000,
  turns: 48,
  deals: 8,
  followWidth: 8,
  followDepth: 8,
  turnCost: 1_500,
  solved: 12,
  solvedPositions: 60_000,
  solvedVotes: 3,
};

/**
 * The solver's beam widths in a world of the vote: a wider beam would spend more positions than
 * a world is given before it found anything.
 */
const VOTE_WIDTHS = [16, 40, 100, 250];

/** How many times more arrangements each further look keeps (two further looks at most). */
const DEEPER = 8;

/** Value of a won position: more than any other. */
const WIN = 1e9;
/** A little for each action of a plan, so that of two equal plans the shorter one wins. */
const PER_ACTION = 1;

/**
 * Higher is better: the solver's measure of tangle. The stock is left out: the positions it
 * compares always have as many cards in the stock (deals are only weighed against deals). A
 * position whose stock can never be dealt is worth least of all: it is lost.
 */
function value(board: Board): number {
  if (board.won()) return WIN;
  if (cannotDeal(board)) return -WIN;
  return -score(board);
}

/**
 * Whether the stock is left but can never be dealt (README, "The fair player"): where a deal
 * needs every column filled, a tableau of fewer cards than columns can never fill them (a
 * complete suit on top counts as gone: it leaves at once).
 */
function cannotDeal(board: Board): boolean {
  if (board.rules.relaxed !== 0 || board.stockLeft === 0) return false;
  let cards = 0;
  for (let c = 0; c < COLUMN_COUNT; c++) {
    cards += board.lengths[c];
    if (!board.rules.keepSuits && board.completeOnTop(c)) cards -= SUIT_LENGTH;
  }
  return cards < COLUMN_COUNT;
}

function hiddenSum(board: Board): number {
  let sum = 0;
  for (let c = 0; c < COLUMN_COUNT; c++) sum += board.hidden[c];
  return sum;
}

/** An uncertain action: `code` from arrangement `node`. */
interface Chance {
  readonly node: number;
  readonly code: ActionCode;
  readonly prior: number;
  sum: number;
}

/**
 * The arrangements reachable from the present one by moves that turn no card, as records on
 * the first world's board, each with the move that first reached it; and the uncertain actions
 * found on the way.
 */
class Known {
  records = new Uint8Array(256 * Board.RECORD);
  readonly parent: number[] = [];
  readonly via: ActionCode[] = [];
  readonly depth: number[] = [];
  readonly values: number[] = [];
  readonly turns: Chance[] = [];
  readonly deals: Chance[] = [];
  /** An arrangement that wins, or -1. */
  won = -1;
  positions = 0;
  /** Whether some arrangement was left out, as `limit` were kept. */
  full = false;
  private readonly seen = new HashSet64();
  private readonly turnSeen = new HashSet64();
  private readonly hidden: number;
  private readonly codes = new Int32Array(4096);

  constructor(
    private readonly board: Board,
    /** Arrangements kept at most. */
    private readonly limit: number,
  ) {
    this.hidden = hiddenSum(board);
    board.hash();
    this.seen.add(board.hashLo, board.hashHi, Infinity);
    this.add(-1, 0);
  }

  /** Breadth first, until `nodes` arrangements, a win, or `out` says stop. */
  explore(out: () => boolean): void {
    const { board, codes } = this;
    for (let node = 0; node < this.parent.length && this.won < 0; node++) {
      if ((node & 63) === 63 && out()) break;
      board.restore(this.records, node * Board.RECORD);
      const n = candidates(board, codes, 1);
      for (let k = 0; k < n && this.won < 0; k++) {
        if (codes[k] === DEAL_CODE)
          this.deals.push({ node, code: DEAL_CODE, prior: this.values[node], sum: 0 });
        else {
          board.play(codes[k]);
          this.reached(node, codes[k]);
          board.takeBack();
        }
      }
    }
  }

  /**
   * Under the rules that refuse a deal while a column is empty, the way to a deal from `node`
   * when none was reached: fill the empty columns one move at a time, each time with the move
   * that leaves the best arrangement. Exploring finds this seldom, as the ways to fill several
   * columns are many.
   */
  fillForDeal(node: number): void {
    const { board, codes } = this;
    let at = node;
    for (let step = 0; step < COLUMN_COUNT; step++) {
      board.restore(this.records, at * Board.RECORD);
      if (board.dealAllowed()) {
        this.deals.push({ node: at, code: DEAL_CODE, prior: this.values[at], sum: 0 });
        return;
      }
      if (board.stockLeft < DEAL_SIZE) return;
      const n = candidates(board, codes, 1);
      let best = -1;
      let bestValue = -Infinity;
      for (let k = 0; k < n; k++) {
        const code = codes[k];
        if (code === DEAL_CODE || board.lengths[(code >> 8) & 0xff] !== 0) continue;
        board.play(code);
        const v = hiddenSum(board) < this.hidden ? -Infinity : value(board);
        board.takeBack();
        if (v > bestValue) {
          bestValue = v;
          best = code;
        }
      }
      if (best < 0) return;
      board.play(best);
      board.hash();
      this.seen.add(board.hashLo, board.hashHi, Infinity);
      at = this.add(at, best);
      board.takeBack();
    }
  }

  /** The plan to `node`, then `last` if given. */
  planTo(node: number, last?: ActionCode): Action[] {
    const plan: Action[] = last === undefined ? [] : [actionOf(last)];
    for (let at = node; at > 0; at = this.parent[at]) plan.push(actionOf(this.via[at]));
    return plan.reverse();
  }

  /** The board is where `code` led from `node`: keeps it as an arrangement or a turn. */
  private reached(node: number, code: ActionCode): void {
    const board = this.board;
    this.positions++;
    board.hash();
    if (hiddenSum(board) < this.hidden) {
      if (this.turnSeen.add(board.hashLo, board.hashHi, Infinity) === 'new')
        this.turns.push({ node, code, prior: value(board), sum: 0 });
    } else if (this.parent.length >= this.limit) {
      this.full = true;
    } else if (this.seen.add(board.hashLo, board.hashHi, Infinity) === 'new') {
      const id = this.add(node, code);
      if (board.won()) this.won = id;
    }
  }

  /** Keeps the board as an arrangement reached by `code` from `node`; its number. */
  private add(node: number, code: ActionCode): number {
    const id = this.parent.length;
    if (this.records.length < (id + 1) * Board.RECORD) {
      const grown = new Uint8Array(this.records.length * 2);
      grown.set(this.records);
      this.records = grown;
    }
    this.board.store(this.records, id * Board.RECORD);
    this.parent.push(node);
    this.via.push(code);
    this.depth.push(node < 0 ? 0 : this.depth[node] + 1);
    this.values.push(value(this.board));
    return id;
  }
}

/** Chooses an action for the player who sees `view`. */
export function fairChoice(view: View, budget: FairBudget = {}): FairChoice {
  const now = budget.now ?? Date.now;
  const started = now();
  const deadline = started + (budget.timeMs ?? 1_000);
  const cancelled = budget.cancelled ?? (() => false);
  let cut = false;
  /** True once the time is up or the thinking is cancelled: the thinking is then cut short. */
  const out = (): boolean => (cut ||= now() >= deadline || cancelled());
  const random = worldsRandom(view, budget.seed ?? 'fair');
  const t = { ...FAIR_TUNING, ...budget.tuning };
  const wanted = Math.max(1, t.worlds);
  const first = sampleWorld(view, random);
  const answer = (
    plan: Action[],
    goal: FairGoal,
    worlds: number,
    positions: number,
  ): FairChoice => ({
    action: plan[0] ?? null,
    plan,
    goal: plan.length > 0 ? goal : null,
    chance: winChance(view),
    worlds,
    positions,
    ms: now() - started,
    cut,
  });
  if (view.stockLeft === 0 && view.columns.every((column) => column.hidden === 0)) {
    // Nothing is hidden: the solver sees no more than the player does.
    const found = solve(first, {
      timeMs: Math.max(1, deadline - now()),
      cancelled,
      now,
      prove: false,
    });
    if (found.result === 'won') return answer([...found.line], 'win', 1, found.positions);
    out(); // the solver may have stopped for the time
  }
  // With the stock dealt and cards face down, the solver plays out worlds, and those it wins vote
  // for the column to turn (README, "The fair player").
  const voted =
    view.stockLeft === 0 && view.columns.some((column) => column.hidden > 0)
      ? solvedVote(view, first, random, t, {
          now,
          cancelled,
          out,
          deadline,
          stopped: () => (cut = true),
        })
      : null;

  // 1. Arrangements reachable by moves that turn no card. With the stock dealt, when none of
  // those kept leads to a turn, the player would give up: it looks further first, while it has
  // time (README, "The fair player").
  let board = new Board(first);
  let known = new Known(board, t.nodes);
  known.explore(out);
  for (
    let limit = t.nodes * DEEPER;
    view.stockLeft === 0 && known.full && known.turns.length === 0 && known.won < 0;
    limit *= DEEPER
  ) {
    if (limit > t.nodes * DEEPER ** 2 || out()) break;
    board = new Board(first);
    known = new Known(board, limit);
    known.explore(out);
  }
  const { values, depth } = known;
  if (known.won >= 0) return answer(known.planTo(known.won), 'win', 0, known.positions);
  let arranged = 0;
  for (let node = 1; node < values.length; node++) {
    const better = values[node] - values[arranged] - PER_ACTION * (depth[node] - depth[arranged]);
    if (better > 0) arranged = node;
  }
  if (known.deals.length === 0) known.fillForDeal(arranged);

  // 2. The uncertain actions, rated in the same worlds, a world at a time.
  const byPrior = (a: Chance, b: Chance) => b.prior - a.prior || a.node - b.node;
  const chances = [
    ...known.turns.sort(byPrior).slice(0, t.turns),
    ...known.deals.sort(byPrior).slice(0, t.deals),
  ];
  let worlds = 0;
  let positions = known.positions;
  const follow = new Follow(t);
  while (worlds < wanted && chances.length > 0) {
    if (worlds > 0 && out()) break;
    const world = worlds === 0 ? board : new Board(sampleWorld(view, random));
    const sums = chances.map((chance) => {
      world.restore(known.records, chance.node * Board.RECORD);
      world.play(chance.code);
      return follow.rate(world);
    });
    if (worlds > 0 && cancelled()) {
      cut = true; // a world half rated is not used
      break;
    }
    positions += follow.positions;
    follow.positions = 0;
    chances.forEach((chance, i) => (chance.sum += sums[i]));
    worlds++;
  }

  // 3. The best plan. The best arrangement reachable (the present one included) is the
  // measure: a turn that beats it; else the way to it; else, where the player stands, a turn
  // that costs little, a deal, or any turn at all. Values do not depend on where the player
  // stands, so the plan stays the same as its moves are played.
  const rate = (chance: Chance) =>
    (worlds > 0 ? chance.sum / worlds : chance.prior) - PER_ACTION * (depth[chance.node] + 1);
  const bestOf = (group: Chance[], floor: number): Chance | null => {
    let found: Chance | null = null;
    let best = floor;
    for (const chance of group) {
      const rated = rate(chance);
      if (rated > best) {
        best = rated;
        found = chance;
      }
    }
    return found;
  };
  const turning = chances.filter((chance) => chance.code !== DEAL_CODE);
  const dealing = chances.filter((chance) => chance.code === DEAL_CODE);
  if (voted) {
    // The best way found to turn the column voted for; else the line most often found for it.
    const ways = turning.filter((chance) => shownBy(chance.code) === voted.shows);
    const way = bestOf(ways, -Infinity);
    if (way) return answer(known.planTo(way.node, way.code), 'turn', worlds, positions);
    return answer(voted.line, voted.goal, voted.worlds, voted.positions + positions);
  }
  const measure = values[arranged] - PER_ACTION * depth[arranged];
  const chosen =
    bestOf(turning, measure) ??
    (arranged === 0
      ? (bestOf(turning, measure - t.turnCost) ??
        bestOf(dealing, -Infinity) ??
        bestOf(turning, -Infinity))
      : null);
  if (!chosen) return answer(known.planTo(arranged), 'arrange', worlds, positions);
  const goal = chosen.code === DEAL_CODE ? 'deal' : 'turn';
  return answer(known.planTo(chosen.node, chosen.code), goal, worlds, positions);
}

/** The time a vote may take: the thinking's clock, its cancel, and when it must answer. */
export interface VoteClock {
  readonly now: () => number;
  readonly cancelled: () => boolean;
  readonly out: () => boolean;
  readonly deadline: number;
  /** Told when a world's search was stopped by its share of the time. */
  readonly stopped: () => void;
}

/** What a line shows first: the column whose card it turns, a deal, or nothing to the win. */
export type Shown = number | 'deal' | 'win';

/** What an action shows if it shows something: the column it may turn, or the deal. */
function shownBy(code: ActionCode): Shown {
  const action = actionOf(code);
  return action.kind === 'deal' ? 'deal' : action.kind === 'move' ? action.from : action.column;
}

/**
 * The solver plays out `t.solved` worlds (the first is `first`, the others are drawn from
 * `random`), each within `t.solvedPositions` positions and its share of the time left. Each line
 * it wins votes for what it shows first: most often the column whose card it turns. Null when
 * fewer than `t.solvedVotes` worlds are won; else what most lines show first, and of the lines
 * that show it, the one most often found (the shortest of those), up to what it shows.
 */
export function solvedVote(
  view: View,
  first: Position,
  random: () => number,
  t: FairTuning,
  clock: VoteClock,
): {
  shows: Shown;
  line: Action[];
  goal: FairGoal;
  worlds: number;
  positions: number;
} | null {
  const votes = new Map<Shown, Map<string, { found: number; line: Action[] }>>();
  let worlds = 0;
  let won = 0;
  let positions = 0;
  for (; worlds < t.solved; worlds++) {
    if (worlds > 0 && clock.out()) break;
    const world = worlds === 0 ? first : sampleWorld(view, random);
    const share = Math.max(1, (clock.deadline - clock.now()) / (t.solved - worlds));
    const until = clock.now() + share;
    const found = solve(world, {
      positions: t.solvedPositions,
      timeMs: share,
      now: clock.now,
      cancelled: clock.cancelled,
      prove: false,
      widths: VOTE_WIDTHS,
    });
    positions += found.positions;
    if (found.result !== 'won' && (clock.now() >= until || clock.cancelled())) clock.stopped();
    if (found.result !== 'won') continue;
    won++;
    const { line, shows } = untilShown(world, found.line);
    const lines = votes.get(shows) ?? new Map<string, { found: number; line: Action[] }>();
    const text = JSON.stringify(line);
    const entry = lines.get(text) ?? { found: 0, line };
    entry.found++;
    lines.set(text, entry);
    votes.set(shows, lines);
  }
  if (won < t.solvedVotes) return null;
  const count = (lines: Map<string, { found: number }>) =>
    [...lines.values()].reduce((sum, entry) => sum + entry.found, 0);
  let shows: Shown | null = null;
  for (const [key, lines] of votes)
    if (shows === null || count(lines) > count(votes.get(shows)!)) shows = key;
  let chosen: { found: number; line: Action[] } | null = null;
  for (const entry of votes.get(shows!)!.values())
    if (
      !chosen ||
      entry.found > chosen.found ||
      (entry.found === chosen.found && entry.line.length < chosen.line.length)
    )
      chosen = entry;
  const goal = shows === 'win' ? 'win' : shows === 'deal' ? 'deal' : 'turn';
  return { shows: shows!, line: chosen!.line, goal, worlds, positions };
}

/** The start of `line` up to its first action that shows something new, and what that shows. */
function untilShown(start: Position, line: readonly Action[]): { line: Action[]; shows: Shown } {
  const plan: Action[] = [];
  let position = start;
  for (const action of line) {
    const next = applyLegal(position, action);
    plan.push(action);
    if (action.kind === 'deal') return { line: plan, shows: 'deal' };
    if (totalHidden(next) < totalHidden(position))
      return { line: plan, shows: action.kind === 'move' ? action.from : action.column };
    position = next;
  }
  return { line: plan, shows: 'win' };
}

/**
 * The random numbers the worlds of `view` are drawn from, for `seed`: they depend on the seed and
 * on what is unseen and where, not on the order of the face-up cards.
 */
export function worldsRandom(view: View, seed: string): () => number {
  return seedrandom(`${seed}|${worldKey(view)}`);
}

function worldKey(view: View): string {
  const hidden = view.columns.map((column) => column.hidden).join(',');
  return `${hidden}|${view.stockLeft}|${unseenCards(view).join(',')}`;
}

/**
 * The follow-up that rates where an uncertain action leads in one world: a small beam search by
 * moves alone (cards they turn are the world's), `followWidth` positions wide and `followDepth`
 * moves deep. It answers the best value it reached, and leaves the board anywhere.
 */
class Follow {
  positions = 0;
  private layer: Uint8Array;
  private next: Uint8Array;
  private readonly codes = new Int32Array(4096);
  /** The best children of a layer, best first: their values, parents and actions. */
  private readonly keptValue: Float64Array;
  private readonly keptFrom: Int32Array;
  private readonly keptCode: Int32Array;
  private readonly seen = new Set<number>();

  constructor(private readonly t: FairTuning) {
    const width = Math.max(1, t.followWidth);
    this.layer = new Uint8Array(width * Board.RECORD);
    this.next = new Uint8Array(width * Board.RECORD);
    this.keptValue = new Float64Array(width);
    this.keptFrom = new Int32Array(width);
    this.keptCode = new Int32Array(width);
  }

  rate(board: Board): number {
    let best = value(board);
    if (best === WIN) return WIN;
    const width = Math.max(1, this.t.followWidth);
    const { codes, keptValue, keptFrom, keptCode, seen } = this;
    seen.clear();
    board.hash();
    seen.add(board.hashLo);
    board.store(this.layer, 0);
    let size = 1;
    for (let d = 0; d < this.t.followDepth && size > 0; d++) {
      let kept = 0;
      for (let i = 0; i < size; i++) {
        board.restore(this.layer, i * Board.RECORD);
        const n = candidates(board, codes, 1);
        for (let k = 0; k < n; k++) {
          if (codes[k] === DEAL_CODE) continue;
          board.play(codes[k]);
          this.positions++;
          board.hash();
          if (!seen.has(board.hashLo)) {
            seen.add(board.hashLo);
            const v = value(board);
            if (v === WIN) return WIN;
            // Into the kept children, best first, when it is among the `width` best.
            if (kept < width || v > keptValue[kept - 1]) {
              let at = kept < width ? kept++ : kept - 1;
              for (; at > 0 && keptValue[at - 1] < v; at--) {
                keptValue[at] = keptValue[at - 1];
                keptFrom[at] = keptFrom[at - 1];
                keptCode[at] = keptCode[at - 1];
              }
              keptValue[at] = v;
              keptFrom[at] = i;
              keptCode[at] = codes[k];
            }
          }
          board.takeBack();
        }
      }
      if (kept > 0 && keptValue[0] > best) best = keptValue[0];
      for (let j = 0; j < kept; j++) {
        board.restore(this.layer, keptFrom[j] * Board.RECORD);
        board.play(keptCode[j]);
        board.store(this.next, j * Board.RECORD);
      }
      [this.layer, this.next] = [this.next, this.layer];
      size = kept;
    }
    return best;
  }
}
