/**
 * `spider solve FILE --where-lost` (docs/solver.md, "Where it went wrong"): where a recorded game
 * stopped being winnable, as text (a comment saying so, then a record that replays) or one JSON
 * object.
 */
import { actionsKept, type Game, writtenLine } from '../../engine';
import { formatAction, formatRecord, type GameRecord, grouped as count } from '../../notation';
import type { WhereLost } from '../../search';
import { whereLostSentence } from '../../words/search';

/** The JSON document of `--where-lost --json`. */
export function whereLostJson(found: WhereLost) {
  return {
    start: found.start,
    end: found.end,
    lastWinnable: found.lastWinnable,
    firstLost: found.firstLost,
    losing: found.losing && {
      move: found.losing.number,
      action: formatAction(found.losing.action),
    },
    sentence: whereLostSentence(found),
    solution: found.winningLine.map(formatAction),
    searched: found.searched.map(({ after, result, positions, ms }) => ({
      after,
      result,
      positions,
      ms,
    })),
    stopped: found.stopped,
    positions: found.positions,
    ms: found.ms,
  };
}

/**
 * The text output: comment lines (the sentence, the positions searched, why it stopped early),
 * then a game record: the game's moves up to the last position proven winnable followed by the
 * solver's winning line from there, or the game as it was when none was proven; with the header
 * keys of the record read (`meta`).
 */
export function whereLostText(game: Game, found: WhereLost, meta: GameRecord['meta']): string {
  const actions = actionsKept(game);
  const low = found.lastWinnable;
  // "After move 0" is the deal itself (docs/solver.md, "Where it went wrong").
  const afters =
    found.searched.length === 1 && found.searched[0].after === 0
      ? 'at the deal'
      : `after move${found.searched.length === 1 ? '' : 's'} ` +
        found.searched.map((s) => (s.after === 0 ? '0 (the deal)' : String(s.after))).join(', ');
  // The end lost by the rules is settled with no search; a search after that, of earlier
  // positions, may have been cut short by the time before it settled one.
  const [only] = found.searched;
  const byRules = found.searched.length === 1 && only.result === 'lost' && only.positions === 0;
  const lines = [
    `# spider solve --where-lost: ${whereLostSentence(found)}`,
    !byRules
      ? `# ${found.searched.length === 1 ? '1 position' : `${found.searched.length} positions`} of the game searched` +
        (found.searched.length === 0 ? '' : ` (${afters})`) +
        `: ${count(found.positions)} positions in ${count(found.ms)} ms.`
      : found.stopped === null
        ? `# The rules call the game lost after move ${only.after}: no search was needed.`
        : `# The rules call the game lost after move ${only.after}; the search of the moves before it settled none (${count(found.positions)} positions in ${count(Math.max(0, found.ms - only.ms))} ms).`,
  ];
  if (found.stopped !== null) {
    lines.push(
      found.stopped === 'time'
        ? '# The time ran out before the search was done (--time SECONDS gives it longer).'
        : '# The search was stopped before it was done.',
    );
  }
  const winning = low !== null && found.end !== 'won';
  const winningLine = `a winning line of ${count(found.winningLine.length)} actions`;
  lines.push(
    !winning
      ? '# The record is the game as it was.'
      : low === 0
        ? `# The record is ${winningLine} from the deal.`
        : `# The record plays the game's first ${low === 1 ? 'move' : `${count(low)} moves`}, then ${winningLine} from there.`,
  );
  const played = winning ? [...actions.slice(0, low), ...found.winningLine] : actions;
  const record = {
    deal: game.deal,
    rules: game.rules,
    meta,
    actions: writtenLine(game.start, played),
  };
  return `${lines.join('\n')}\n${formatRecord(record)}`;
}
