/**
 * The names of the files in the folder of saves (docs/measurements.md, "Start-up"), and what a
 * save's header says of it at a glance.
 */
import type { SaveHeader } from '../notation/save';
import { randomHex } from './random-name';

/**
 * The name of a save no session holds: `<YYYYMMDD>T<HHMMSSmmm>-s-<8 random letters or digits>`,
 * the time (UTC) its save says it was saved (docs/measurements.md, "Start-up"). A session gives its
 * game that name when it lets the game go (`SaveStore.release`), so that a start can tell the most
 * recently saved game from the names alone and read only that one. A game in play keeps the name it
 * had, and a session holds its lock meanwhile; a new game's slot is named by when it was dealt
 * (`newId`), as are the saves of earlier versions.
 */
const NAMED_BY_SAVE_TIME = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(\d{3})-s-[0-9a-z]{8}$/;

/**
 * Whether a slot's name (or its file's) has the shape of a name by save time
 * (`NAMED_BY_SAVE_TIME`), as cheaply as that can be told: a start looks at every name. What its
 * digits say is read when it is needed.
 */
export function looksNamedBySaveTime(name: string): boolean {
  return name.charCodeAt(8) === 84 /* T */ && name.startsWith('-s-', 18);
}

/** When the save in slot `id` was saved, by its name (milliseconds), or null if not so named. */
export function savedAtOf(id: string): number | null {
  const m = NAMED_BY_SAVE_TIME.exec(id);
  if (m === null) return null;
  const time = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`);
  return Number.isNaN(time) ? null : time;
}

/** A new slot name for a save last saved at `saved` (an ISO 8601 time). */
export function idBySaveTime(saved: string): string {
  const stamp = new Date(saved).toISOString().replace(/[-:.Z]/g, '');
  return `${stamp}-s-${parseInt(randomHex(6), 16).toString(36).padStart(10, '0').slice(-8)}`;
}

/** Whether a save's header says its game waits only for the statistics: won, lost or given up. */
export function isFinished(header: SaveHeader): boolean {
  return header.status === 'won' || header.status === 'lost' || header.abandoned;
}

/** What a save's own text says of it, without parsing the whole of it. */
export function headerFacts(text: string): { saved: string; finished: boolean } | null {
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const saved = /^saved: (\S+)$/m.exec(head)?.[1];
  if (saved === undefined || Number.isNaN(Date.parse(saved))) return null;
  return { saved, finished: /^(status: (won|lost)|abandoned: yes)$/m.test(head) };
}

/** Whether a file name in the folder is a save's: `<id>.txt`. */
export function isSaveName(name: string): boolean {
  return /^[\w.-]+\.txt$/.test(name) && !name.startsWith('.');
}

/** The slot a save's temporary file (`.<slot>.<16 hex digits>.tmp`) is of, or null. */
export function temporarySlot(name: string): string | null {
  return /^\.([\w.-]+)\.[0-9a-f]{16}\.tmp$/.exec(name)?.[1] ?? null;
}

/** Whether `name` is a temporary file of slot `id`'s save (see `temporary`). */
export function isTemporaryOf(name: string, id: string): boolean {
  return name.startsWith(`.${id}.`) && /^[0-9a-f]{16}\.tmp$/.test(name.slice(id.length + 2));
}
