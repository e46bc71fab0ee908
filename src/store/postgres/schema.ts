/**
 * The tables a server keeps its players in, on PostgreSQL (docs/serve.md, "The database"), made
 * and brought up to date by the server itself: each step once, in order, under a lock, so that
 * several servers starting at once agree.
 */
import type { Pool } from 'pg';

/** The steps, in order: the schema's version is how many have been made. */
const STEPS: readonly string[] = [
  `CREATE TABLE players (
     id text PRIMARY KEY,
     created timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE saves (
     player text NOT NULL REFERENCES players (id),
     slot text NOT NULL,
     body text NOT NULL,
     saved timestamptz NOT NULL DEFAULT now(),
     node text,
     owner text,
     epoch bigint NOT NULL DEFAULT 1,
     lease_until timestamptz,
     PRIMARY KEY (player, slot)
   );
   CREATE INDEX saves_node ON saves (node) WHERE node IS NOT NULL;
   CREATE TABLE results (
     seq bigserial PRIMARY KEY,
     player text NOT NULL REFERENCES players (id),
     slot text,
     ended timestamptz NOT NULL,
     body jsonb NOT NULL
   );
   CREATE INDEX results_player ON results (player, ended);
   CREATE UNIQUE INDEX results_slot ON results (player, slot) WHERE slot IS NOT NULL;`,
  `CREATE TABLE records (
     player text NOT NULL REFERENCES players (id),
     name text NOT NULL,
     body text NOT NULL,
     written timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (player, name)
   );`,
  `CREATE TABLE board_names (
     player text PRIMARY KEY,
     name text NOT NULL,
     key text NOT NULL UNIQUE
   );
   CREATE TABLE board_days (
     seq bigserial PRIMARY KEY,
     day text NOT NULL,
     player text NOT NULL,
     entry jsonb NOT NULL
   );
   CREATE INDEX board_days_day ON board_days (day);`,
];

/** The version of the schema this program makes. */
export const SCHEMA_VERSION = STEPS.length;

/** A number for the advisory lock that makes one server at a time change the schema. */
const MIGRATION_LOCK = 0x5350_4944; // "SPID"

/**
 * Brings the schema up to this program's version. Refuses a database made by a later version
 * (its tables may mean what this program does not know).
 */
export async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS spider_schema (version integer NOT NULL)');
    const found = await client.query<{ version: number }>('SELECT version FROM spider_schema');
    const version = found.rows[0]?.version ?? 0;
    if (version > SCHEMA_VERSION)
      throw new Error(
        `the database's schema is version ${version}, made by a later spider; this one knows ${SCHEMA_VERSION}`,
      );
    for (const step of STEPS.slice(version)) await client.query(step);
    if (found.rows.length === 0)
      await client.query('INSERT INTO spider_schema (version) VALUES ($1)', [SCHEMA_VERSION]);
    else await client.query('UPDATE spider_schema SET version = $1', [SCHEMA_VERSION]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
