/**
 * The daily board in the database several servers share (docs/serve.md, "The daily board"): each
 * player's name, unique by its key (a unique index: of two players claiming one name at once,
 * one has it), and every result of each day's deal. What a name may be and how a day ranks are
 * decided before and after (`readName`, `rankDay`), as for the files engine.
 */
import type { Pool } from 'pg';
import {
  type Board,
  DAY,
  type DailyEntry,
  type NameClaim,
  type NamedEntry,
  PLAYER_ID,
} from '../board';
import { entryOf } from '../board-files';

/** PostgreSQL's code for a row that a unique index refuses. */
const UNIQUE_VIOLATION = '23505';

export class PgBoard implements Board {
  constructor(private readonly pool: Pool) {}

  async nameOf(player: string): Promise<string | null> {
    const found = await this.pool.query<{ name: string }>(
      'SELECT name FROM board_names WHERE player = $1',
      [player],
    );
    return found.rows[0]?.name ?? null;
  }

  async setName(player: string, name: string, key: string): Promise<NameClaim> {
    if (!PLAYER_ID.test(player)) throw new Error(`not a player's id: ${player}`);
    try {
      await this.pool.query(
        `INSERT INTO board_names (player, name, key) VALUES ($1, $2, $3)
         ON CONFLICT (player) DO UPDATE SET name = EXCLUDED.name, key = EXCLUDED.key`,
        [player, name, key],
      );
      return { ok: true };
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION)
        return { ok: false, why: 'taken' };
      throw error;
    }
  }

  async addDaily(entry: DailyEntry): Promise<void> {
    if (!PLAYER_ID.test(entry.player) || !DAY.test(entry.day))
      throw new Error(`not a daily result: ${entry.player} ${entry.day}`);
    await this.pool.query('INSERT INTO board_days (day, player, entry) VALUES ($1, $2, $3)', [
      entry.day,
      entry.player,
      JSON.stringify(entry),
    ]);
  }

  async day(day: string): Promise<readonly NamedEntry[]> {
    if (!DAY.test(day)) throw new Error(`not a day: ${day}`);
    const found = await this.pool.query<{ entry: string; name: string | null }>(
      `SELECT d.entry::text AS entry, n.name FROM board_days d
       LEFT JOIN board_names n ON n.player = d.player
       WHERE d.day = $1 ORDER BY d.seq`,
      [day],
    );
    // Read as the files engine reads a line: a row that is not a result is left out.
    return found.rows.flatMap((row) =>
      entryOf(row.entry, day).map((entry) => ({ ...entry, name: row.name })),
    );
  }
}
