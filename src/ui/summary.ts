import type { DealId, Rules } from '../engine';
import {
  asciiOnly,
  dealName,
  loginCommand,
  originName,
  playCommand,
  rulesSummary,
} from '../notation';
import { formatDuration } from '../stats';
import { wrapWords } from './wrap';

/** What the line left on the terminal after a game says. */
export interface SummaryFacts {
  readonly deal: DealId;
  readonly rules: Rules;
  /** `won`, `lost`, `saved for next time`, `not started`, or why the game was not saved. */
  readonly outcome: string;
  /** Which save is kept when the last ones failed (`keptOf`), said after the score. */
  readonly kept?: string;
  /** Warnings of the game, repeated whole before the summary (the screen may have cut them). */
  readonly warnings?: readonly string[];
  readonly moves: number;
  /** The time played (docs/playing.md, "The clock"), when anything was played. */
  readonly playedMs?: number;
  readonly scoring: string;
  readonly score: number;
  /**
   * The player is at another machine, logged in over SSH with `login` (`ssh -t -p 2222 HOST`):
   * the commands said are for their own terminal, to log in again.
   */
  readonly remote?: { readonly login: string };
  /** What starts spider in the player's shell (`programWord`), `spider` when not given. */
  readonly program?: string;
}

/** The outcome of a game left unfinished and saved. */
const OUTCOME_KEPT = 'saved for next time';

/**
 * What became of a game, as the line left on the terminal says it: its end, or whether it was
 * kept for next time (docs/saves.md, "Saved games and statistics"). A save that failed leaves the
 * last one that worked whole: `savedAt` is how many moves in that was.
 */
export function outcomeOf(left: {
  readonly status: 'playing' | 'won' | 'lost';
  readonly unsaved: string | null;
  readonly savedAt: number | null;
  readonly touched: boolean;
}): string {
  if (left.status !== 'playing') return left.status;
  if (left.unsaved !== null)
    return left.savedAt === null
      ? `NOT saved (${left.unsaved})`
      : `NOT saved since ${savePoint(left.savedAt)} (${left.unsaved})`;
  return left.touched ? OUTCOME_KEPT : 'not started';
}

/**
 * Which save the next start resumes when the last ones failed: a sentence of its own after the
 * game's moves and score, which are the game's as it was left, not the save's.
 */
export function keptOf(left: {
  readonly status: 'playing' | 'won' | 'lost';
  readonly unsaved: string | null;
  readonly savedAt: number | null;
}): string | undefined {
  if (left.status !== 'playing' || left.unsaved === null || left.savedAt === null) return undefined;
  return `The save made at ${savePoint(left.savedAt)} is kept.`;
}

const savePoint = (moves: number) => (moves === 0 ? 'the deal' : `move ${moves}`);

const REPLAY = 'Play this deal again with:';
/** Over SSH, a game kept: logging in again resumes it; its moves can be copied meanwhile. */
const resumeRemote = (login: string) =>
  `Its moves: ${login.replace(/^ssh -t /, 'ssh ')} save 1 > game.txt. Log in again to go on with it:`;

/**
 * The lines left on the terminal when the game closes: its warnings, then what happened, wrapped
 * at words to the terminal's width, then the command that plays the same deal again, on a line of
 * its own so it can be copied whole (never wrapped here). With `ascii`, nothing beyond ASCII is
 * written.
 */
export function exitSummary(facts: SummaryFacts, width: number, ascii = false): string[] {
  const origin = originName(facts.deal);
  const time = facts.playedMs === undefined ? '' : `, time ${formatDuration(facts.playedMs)}`;
  const moves = `${facts.moves} move${facts.moves === 1 ? '' : 's'}${time}`;
  const { remote } = facts;
  // Over SSH a game kept is resumed by logging in again; any other is dealt again by name.
  const resumes = remote !== undefined && facts.outcome === OUTCOME_KEPT;
  const prose =
    `Spider ${dealName(facts.deal)} (${rulesSummary(facts.rules)})${origin && `, ${origin}`}: ${facts.outcome}, ` +
    `${moves}, ${facts.scoring} score ${facts.score}.${facts.kept ? ` ${facts.kept}` : ''} ` +
    `${resumes ? resumeRemote(remote.login) : REPLAY}`;
  const command =
    remote === undefined
      ? playCommand(facts.deal, facts.rules, ascii, facts.program)
      : resumes
        ? remote.login
        : loginCommand(remote.login, facts.deal, facts.rules, ascii);
  // A terminal that is not UTF-8 gets ASCII alone: `?` in the prose, escapes in the command.
  const shown = ascii ? asciiOnly(prose) : prose;
  return [
    ...(facts.warnings ?? []).map((warning) => (ascii ? asciiOnly(warning) : warning)),
    ...wrapWords(shown, Math.max(20, width)),
    `  ${command}`,
  ];
}
