/**
 * `spider autoplay` (docs/solver.md, "Solver", "The fair player"): the game it played as text, a
 * comment with the result and how it came about, then a record that replays.
 */
import { actionsKept } from '../engine';
import { formatRecord, type GameRecord, grouped as count } from '../notation';
import type { Autoplayed, FairAutoplayed } from '../search';

/**
 * The text output of a game `played` open (following the solver) or blind (`fair` is then the
 * same game, with its plans), in `elapsed` ms, keeping the header keys `meta` of the record read.
 */
export function autoplayText(
  played: Autoplayed,
  fair: FairAutoplayed | null,
  elapsed: number,
  meta: GameRecord['meta'],
): string {
  // Resigning is losing, for a player: the result is won or lost.
  const result = played.result === 'won' ? 'won' : 'lost';
  // A plan cut short by the time may be played differently by another run (docs/solver.md,
  // "The fair player").
  const cut =
    fair && fair.cut > 0
      ? `; --think cut ${count(fair.cut)} of ${count(fair.plans)} plans short`
      : '';
  const how =
    played.result === 'won' && played.actions.length === 0
      ? 'the record already wins'
      : fair
        ? played.result === 'resigned'
          ? `blind, no undo: resigned, nothing it could see was worth doing${cut}`
          : `blind, no undo${cut}`
        : played.solved
          ? "following the solver's winning line"
          : played.lastLook
            ? 'the solver found no win in its time; the hints played on, and a last search won'
            : played.result === 'won'
              ? 'the solver found no win in its time; the hints played on and won'
              : played.result === 'resigned'
                ? 'resigned: the solver found no win, and the hints saw nothing useful left'
                : 'the solver found no win; the hints played on until no progress was possible';
  const { game } = played;
  return (
    `# spider autoplay --${fair ? 'fair' : 'open'}: ${result} after ${count(played.actions.length)} actions (${how}); ${count(elapsed)} ms.\n` +
    formatRecord({ deal: game.deal, rules: game.rules, meta, actions: actionsKept(game) })
  );
}
