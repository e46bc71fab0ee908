import { type Action, DEAL, move, remove } from './actions';
import { COLUMN_COUNT, type Position } from './position';

/**
 * Compact, persistent stacks of actions: the undo and redo history of a game. A game record
 * may hold millions of actions, so an action is kept as a 16-bit code, in chunks of
 * `CHUNK_SIZE`, rather than as an object with the positions around it.
 *
 * A stack is a chunk and a size. Chunks are shared between games, and a chunk is only ever
 * appended to: entries below `used` never change, so every game that shares a chunk sees its
 * own entries intact. Pushing where another game has already written something else copies
 * the chunk (at most `CHUNK_SIZE` codes).
 *
 * The two most recent chunks of a stack also remember the position after each of their
 * actions, so the undos and redos a player makes give back the very same position objects at
 * no cost; older chunks forget them (only the checkpoint stays), or a long game would keep a
 * position per action again.
 */

/**
 * Actions per chunk, and so the most actions an undo replays from the nearest checkpoint.
 * 64 keeps an undo in the tens of microseconds while the checkpoints cost a few bytes per action.
 */
export const CHUNK_SIZE = 64;

export class Chunk {
  readonly codes = new Uint16Array(CHUNK_SIZE);
  /** Entries written so far by any stack sharing this chunk. */
  used = 0;
  /** The position after each action, while the chunk is among the two on top; then null. */
  after: (Position | undefined)[] | null = [];
  constructor(
    /** The chunk below, full; null for the first one. */
    readonly prev: Chunk | null,
    /** Index in the stack of `codes[0]`. */
    readonly base: number,
    /** In the line of play kept: the position before the action at `base`; else null. */
    readonly checkpoint: Position | null,
  ) {}
}

/*
 * Codes: 1 is a deal, 2..11 remove column 0..9, and 16 + (from * 10 + to) * 256 + count a move
 * (count 0: none given). A stored action was legal, so a count is at most 13.
 */
const DEAL_CODE = 1;
const REMOVE_CODE = 2;
const MOVE_CODE = 16;

export function encodeAction(action: Action): number {
  switch (action.kind) {
    case 'deal':
      return DEAL_CODE;
    case 'remove':
      return REMOVE_CODE + action.column;
    case 'move':
      return MOVE_CODE + (action.from * COLUMN_COUNT + action.to) * 256 + (action.count ?? 0);
  }
}

/** One shared action object per code, so a history of millions makes no garbage when read. */
const decoded: (Action | undefined)[] = [];

export function decodeAction(code: number): Action {
  const known = decoded[code];
  if (known) return known;
  let action: Action;
  if (code === DEAL_CODE) action = DEAL;
  else if (code < MOVE_CODE) action = remove(code - REMOVE_CODE);
  else {
    const pair = (code - MOVE_CODE) >> 8;
    const count = (code - MOVE_CODE) & 255;
    action = move(
      Math.floor(pair / COLUMN_COUNT),
      pair % COLUMN_COUNT,
      count === 0 ? undefined : count,
    );
  }
  decoded[code] = action;
  return action;
}

/**
 * The stack of `size` entries whose top is in `top`, with `code` pushed. `checkpoint` is the
 * position before this action, kept if a new chunk starts here (null for a stack without);
 * `after` is the position it leads to, if known.
 */
export function push(
  top: Chunk | null,
  size: number,
  code: number,
  checkpoint: Position | null,
  after: Position | undefined,
): Chunk {
  if (top !== null && size - top.base < CHUNK_SIZE) {
    const i = size - top.base;
    if (top.used === i) {
      top.codes[i] = code;
      top.used = i + 1;
      if (top.after !== null) top.after[i] = after;
      return top;
    }
    // A redo: the same action, leading to the same remembered position; the chunk is shared.
    if (top.codes[i] === code && (top.after === null || top.after[i] === after)) return top;
    const copy = new Chunk(top.prev, top.base, top.checkpoint);
    copy.codes.set(top.codes.subarray(0, i));
    copy.codes[i] = code;
    copy.used = i + 1;
    copy.after = top.after === null ? [] : top.after.slice(0, i);
    copy.after[i] = after;
    return copy;
  }
  if (top?.prev) top.prev.after = null;
  const chunk = new Chunk(top, size, checkpoint);
  chunk.codes[0] = code;
  chunk.used = 1;
  chunk.after = [after];
  return chunk;
}

/** The position after the entry at `index` (below the stack's size), if still remembered. */
export function rememberedAfter(top: Chunk, index: number): Position | undefined {
  let chunk: Chunk | null = top;
  while (chunk !== null && chunk.base > index) chunk = chunk.prev;
  return chunk?.after?.[index - chunk.base];
}

/** The code on top of a stack of `size` entries (size > 0). */
export function peek(top: Chunk, size: number): number {
  return top.codes[size - 1 - top.base];
}

/** The top chunk once the top entry of a stack of `size` entries is taken off. */
export function pop(top: Chunk, size: number): Chunk | null {
  return size - 1 === top.base ? top.prev : top;
}

/** All codes of a stack of `size` entries, bottom first. */
export function codesOf(top: Chunk | null, size: number): Uint16Array {
  const codes = new Uint16Array(size);
  for (let chunk = top, end = size; chunk !== null; end = chunk.base, chunk = chunk.prev) {
    codes.set(chunk.codes.subarray(0, end - chunk.base), chunk.base);
  }
  return codes;
}
