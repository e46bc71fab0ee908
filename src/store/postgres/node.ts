/**
 * A server's link to the PostgreSQL database its players are kept in (docs/serve.md, "The
 * database"): the pool of connections, the schema brought up to date at start, each login's
 * copy of its player (`PgPlayer`), and the leases of the games this server holds, renewed
 * while it lives. A server that dies or freezes holds its games no longer than a lease lasts
 * (`LEASE_SECONDS`); one whose game another session took is told at the next renewal, or at its
 * next write, whichever comes first.
 */
import * as os from 'os';
import type { Pool, PoolConfig, QueryResultRow } from 'pg';
import type { DiskLimits } from '../disk-limits';
import { randomHex } from '../random-name';
import { PgBoard } from './board';
import { PgPlayer } from './player';
import { migrate } from './schema';

/** PostgreSQL's code for a statement it ended to break a deadlock. */
const DEADLOCK = '40P01';

/** How long a lease lasts unless renewed. */
export const LEASE_SECONDS = 30;
/** How often this server renews its leases: three times within one. */
export const RENEW_MS = (LEASE_SECONDS * 1000) / 3;

/** What the server may be told of its store. */
export interface NodeOptions {
  readonly log: (line: string) => void;
  /** How long a lease lasts (for tests); LEASE_SECONDS unless given. */
  readonly leaseSeconds?: number;
  /** Renews the leases by itself (a test renews them by hand); true unless given. */
  readonly renewing?: boolean;
}

export class PgNode {
  /** This server, as the leases name it: its host, its process and a random part. */
  readonly node = `${os.hostname()}/${process.pid}/${randomHex(4)}`;
  private sessions = 0;
  /** The copies of players with a live session here. */
  private readonly live = new Set<PgPlayer>();
  private readonly renewal: NodeJS.Timeout;
  private readonly leaseSeconds: number;

  private constructor(
    private readonly pool: Pool,
    private readonly options: NodeOptions,
  ) {
    this.leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
    this.renewal = setInterval(() => void this.renew(), (this.leaseSeconds * 1000) / 3);
    this.renewal.unref();
    if (options.renewing === false) clearInterval(this.renewal);
  }

  /** Connects to `url` and brings its schema up to date; throws with why it cannot. */
  static async open(url: string, options: NodeOptions): Promise<PgNode> {
    // Loaded only by a server that keeps its players so: the game itself never pays for it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Pool } = require('pg') as typeof import('pg');
    const config: PoolConfig = {
      connectionString: url,
      max: 8,
      connectionTimeoutMillis: 10_000,
      application_name: 'spider serve',
      // A database that stops answering fails the write (the player is told), never holds it forever.
      query_timeout: 10_000,
      // ...and the database gives up on it too: a statement the client gave up on never lands later.
      statement_timeout: 10_000,
    };
    const pool = new Pool(config);
    pool.on('error', (error) => options.log(`the database: ${error.message}`));
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PgNode(pool, options);
  }

  /**
   * Loads a player's games and results for a new session, the player made if new. With `claim`,
   * every game no live session holds is claimed for this one; without, nothing is (a question
   * such as `ssh HOST saves` only reads).
   */
  async player(id: string, limits: DiskLimits | undefined, claim = true): Promise<PgPlayer> {
    const owner = `${this.node}/${++this.sessions}`;
    const { pool, leaseSeconds } = { pool: this.pool, leaseSeconds: this.leaseSeconds };
    await pool.query('INSERT INTO players (id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
    const claimed = new Map<string, number>();
    if (claim) {
      const taken = await pool.query<{ slot: string; epoch: string }>(
        `UPDATE saves SET node = $2, owner = $3, epoch = epoch + 1,
           lease_until = now() + make_interval(secs => $4)
         WHERE player = $1 AND (owner IS NULL OR lease_until < now())
         RETURNING slot, epoch`,
        [id, this.node, owner, leaseSeconds],
      );
      for (const row of taken.rows) claimed.set(row.slot, Number(row.epoch));
    }
    // A login that fails after claiming lets its claims go: its player is not asked to take
    // their games over from themselves when they try again.
    const read = this.readPlayer(id).catch(async (error: unknown) => {
      await this.letGoOf(owner).catch(() => undefined);
      throw error;
    });
    const { saves, results, records } = await read;
    const slots = saves.rows.map((row) => ({
      slot: row.slot,
      body: row.body,
      saved: row.saved.toISOString(),
      epoch: claimed.get(row.slot) ?? null,
      seen: claimed.get(row.slot) ?? Number(row.epoch),
      elsewhere: !claimed.has(row.slot) && row.live,
    }));
    const writer = {
      pool,
      node: this.node,
      owner,
      leaseSeconds,
      log: (line: string) => this.options.log(`player ${id}: ${line}`),
    };
    const player = new PgPlayer(
      id,
      writer,
      {
        slots,
        results: results.rows.map((r) => r.body),
        records: records.rows.map((r) => ({ name: r.name, written: r.written, text: r.body })),
      },
      limits,
    );
    if (claim) this.live.add(player);
    return player;
  }

  /** What the database holds of player `id`: their saves, results and records. */
  private async readPlayer(id: string) {
    const pool = this.pool;
    const saves = await pool.query<{
      slot: string;
      body: string;
      saved: Date;
      epoch: string;
      live: boolean;
    }>(
      `SELECT slot, body, saved, epoch, owner IS NOT NULL AND lease_until >= now() AS live
       FROM saves WHERE player = $1`,
      [id],
    );
    const results = await pool.query<{ body: unknown }>(
      'SELECT body FROM results WHERE player = $1 ORDER BY ended, seq',
      [id],
    );
    const records = await pool.query<{ name: string; written: Date; body: string }>(
      'SELECT name, written, body FROM records WHERE player = $1 ORDER BY written DESC, name DESC',
      [id],
    );
    return { saves, results, records };
  }

  /**
   * The session of `player` is over: once its writes are done, whatever games it still holds (a
   * session that failed, a game not let go) are let go at once, in one statement.
   */
  async ended(player: PgPlayer): Promise<void> {
    this.live.delete(player);
    player.abandon();
    await player.idle();
    await this.letGoOf(player.owner).catch((error: Error) =>
      this.options.log(`the database: games not let go: ${error.message}`),
    );
  }

  /**
   * A statement that takes many rows' locks, tried again when the database broke a deadlock
   * with another such statement (a renewal and a take-over lock rows in their own orders).
   */
  private async retried<R extends object = Record<string, unknown>>(
    text: string,
    values: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }> {
    for (let tries = 1; ; tries++) {
      try {
        return await this.pool.query<R & QueryResultRow>(text, values);
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK || tries >= 3) throw error;
      }
    }
  }

  /** Lets go at once of every game session `owner` holds. */
  private async letGoOf(owner: string): Promise<void> {
    await this.pool.query(
      'UPDATE saves SET node = NULL, owner = NULL, lease_until = NULL WHERE owner = $1',
      [owner],
    );
  }

  /** Whether another live session, on any server, holds a game of player `id`. */
  async heldElsewhere(id: string): Promise<boolean> {
    const held = await this.pool.query(
      'SELECT 1 FROM saves WHERE player = $1 AND owner IS NOT NULL AND lease_until >= now() LIMIT 1',
      [id],
    );
    return held.rows.length > 0;
  }

  /**
   * Takes player `id`'s games over from the sessions that hold them, on any server
   * (docs/serve.md, "Your game back at once"): their leases end at once, and those sessions can
   * write to them no more. The next session of the player claims them.
   */
  async takeOver(id: string): Promise<number> {
    const taken = await this.retried(
      `UPDATE saves SET node = NULL, owner = NULL, lease_until = NULL, epoch = epoch + 1
       WHERE player = $1 AND owner IS NOT NULL`,
      [id],
    );
    return taken.rowCount ?? 0;
  }

  /**
   * Renews the leases of the games this server's sessions hold; a game whose lease is another's
   * now (taken over, or lost while this server was frozen) is lost to its session.
   */
  async renew(): Promise<void> {
    // Only leases known before the renewal are checked: one claimed meanwhile is not in its answer.
    const held = [...this.live].map((player) => ({ player, slots: player.held() }));
    try {
      // Only the leases of live sessions: one a session left behind (a failure) passes.
      const owners = held.map(({ player }) => player.owner);
      const renewed = await this.retried<{ player: string; slot: string; epoch: string }>(
        `UPDATE saves SET lease_until = now() + make_interval(secs => $2)
         WHERE node = $1 AND owner = ANY($3) RETURNING player, slot, epoch`,
        [this.node, this.leaseSeconds, owners],
      );
      const kept = new Set(renewed.rows.map((row) => `${row.player}\n${row.slot}\n${row.epoch}`));
      for (const { player, slots } of held)
        for (const { slot, epoch } of slots)
          if (!kept.has(`${player.id}\n${slot}\n${epoch}`)) player.loseSlot(slot, epoch);
    } catch (error) {
      this.options.log(`the database: leases not renewed: ${(error as Error).message}`);
    }
  }

  /** The daily board the servers sharing the database share (docs/serve.md, "The daily board"). */
  board(): PgBoard {
    return new PgBoard(this.pool);
  }

  /** Stops renewing and closes the connections (once every session has ended). */
  async close(): Promise<void> {
    clearInterval(this.renewal);
    await this.pool.end();
  }
}
