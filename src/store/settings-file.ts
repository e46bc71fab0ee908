/**
 * Reading the settings file (docs/settings.md, "Settings"): a missing file gives no settings, a
 * bad one says what is wrong and where. The game only reads it: nothing here writes.
 */
import * as fs from 'fs';
import { parseSettings, type SettingName, type Settings } from '../notation';
import { fsWords } from './errors';
import { utf8Text } from './input';
import { settingsPlace } from './paths';

/** The largest settings file read: a real one is a few lines. */
export const MAX_SETTINGS_BYTES = 64 * 1024;

export type SettingsFile =
  | {
      readonly ok: true;
      /** The file's path, or null where there is no home to hold it (`noPlace` says why). */
      readonly path: string | null;
      readonly noPlace?: string;
      readonly exists: boolean;
      /** What the file gives; nothing when it does not exist. */
      readonly settings: Settings;
      readonly lines: Partial<Record<SettingName, number>>;
    }
  /**
   * `line`: where in the file, when the fault is on one line; `unread`: the file could not be
   * read at all (a folder, no permission), so nothing of its text is at fault.
   */
  | {
      readonly ok: false;
      readonly path: string;
      readonly reason: string;
      readonly line?: number;
      readonly unread?: true;
    };

class Refused extends Error {}

/** The file's bytes, or null when there is none; throws Refused or a system error. */
function readCapped(file: string): Buffer | null {
  let fd: number;
  try {
    // Non-blocking: a FIFO at the path must not hold up the start.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const info = fs.fstatSync(fd);
    if (info.isDirectory()) throw new Refused('it is a folder, not a file');
    if (!info.isFile()) throw new Refused('it is not a regular file');
    const tooLarge = `larger than ${MAX_SETTINGS_BYTES / 1024} KiB: a settings file is a few lines`;
    if (info.size > MAX_SETTINGS_BYTES) throw new Refused(tooLarge);
    // Read to the end, not to the size: the file may grow while it is read.
    const buffer = Buffer.alloc(MAX_SETTINGS_BYTES + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n)
      n = fs.readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_SETTINGS_BYTES) throw new Refused(tooLarge);
    return buffer.subarray(0, length);
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads and checks the settings file that `env` names. */
export function readSettingsFile(env: NodeJS.ProcessEnv): SettingsFile {
  const place = settingsPlace(env);
  const none = { ok: true, exists: false, settings: {}, lines: {} } as const;
  if ('problem' in place) return { ...none, path: null, noPlace: place.problem };
  const file = place.path;
  let bytes: Buffer | null;
  try {
    bytes = readCapped(file);
  } catch (error) {
    const reason = error instanceof Refused ? error.message : fsWords(error);
    return { ok: false, path: file, reason, unread: true };
  }
  if (bytes === null) return { ...none, path: file };
  const text = utf8Text(bytes);
  if (!text.ok) return { ok: false, path: file, reason: text.reason, line: text.line };
  const parsed = parseSettings(text.text);
  if (!parsed.ok) return { ...parsed, path: file };
  return { ok: true, path: file, exists: true, settings: parsed.settings, lines: parsed.lines };
}

/** Whether there is a settings file (good or bad) where `env` puts it. */
export function settingsFileExists(env: NodeJS.ProcessEnv): boolean {
  const place = settingsPlace(env);
  if ('problem' in place) return false;
  try {
    fs.statSync(place.path);
    return true;
  } catch {
    return false;
  }
}
