/**
 * The records `w` writes (README, "Saved games and statistics"): a new file for each, named by the
 * deal and the time, and none again while nothing was played since the last one.
 */
import * as fs from 'fs';
import * as path from 'path';
import { actionsKept, type Game, statusWithin } from '../engine';
import { formatAction, formatRecord } from '../notation';
import { fsReason } from './errors';

export class RecordWriter {
  /** The last record written: its folder, status and actions, and its file. */
  private last: { readonly same: string; readonly file: string; readonly name: string } | null =
    null;

  constructor(private readonly now: () => Date) {}

  /** Writes the game record to a new file in `folder`; returns what to tell the player. */
  write(
    game: Game,
    folder: string | null | undefined,
    /** How to name the folder to a player who cannot reach it (over SSH); else its path. */
    shown?: string,
  ): string {
    if (folder === undefined) folder = currentFolder();
    if (folder === null)
      return "Can't write the record: the current folder no longer exists. The game goes on, saved as usual.";
    const now = this.now();
    const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    // A status still being decided is left out rather than waited for (README, "Lost").
    const known = statusWithin(game.position);
    // Pressed again with nothing played since (a key held, or pasted): the file is there already.
    const same = `${path.resolve(folder)}\n${game.deal.scheme}:${game.deal.key}\n${known}\n${actionsKept(game).map(formatAction).join(' ')}`;
    const last = this.last;
    if (last?.same === same && fs.existsSync(last.file))
      return `Already written, nothing played since: ${last.name}.`;
    const { scheme, key } = game.deal;
    const safeSeed =
      scheme === 'seed' ? key.replace(/[^\w-]/g, '').slice(0, 30) || 'game' : `${scheme}-${key}`;
    const text = formatRecord({
      deal: game.deal,
      rules: game.rules,
      meta: [
        ['date', now.toISOString()],
        ...(known ? [['status', known] as [string, string]] : []),
      ],
      actions: actionsKept(game),
    });
    for (let n = 0; n < 100; n++) {
      const name = `spider-${safeSeed}-${stamp}${n > 0 ? `-${n}` : ''}.txt`;
      const file = path.join(folder, name);
      try {
        fs.writeFileSync(file, text, { flag: 'wx', mode: 0o644 });
        this.last = { same, file, name };
        if (shown !== undefined) return `Wrote ${name} to ${shown}.`;
        // In the current folder the name is enough, and it fits the message line.
        const where = path.resolve(folder) === currentFolder() ? name : file;
        return `Wrote the game record to ${where}; spider play FILE continues it.`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
          return `Can't write the record: ${fsReason(error, folder)}.`;
      }
    }
    return `Can't write the record: too many files named spider-${safeSeed}-${stamp} in ${folder}.`;
  }
}

/** The current folder, or null when it no longer exists (deleted while the game runs). */
function currentFolder(): string | null {
  try {
    return process.cwd();
  } catch {
    return null; // deleted meanwhile
  }
}
