/** The settings file's problems in the player's words (docs/settings.md, "Settings"). */
import { printable } from '../notation';
import type { SettingsFile } from '../store/settings-file';

/** What is wrong with a settings file: the file, the line when one is at fault, and why. */
export function settingsFileProblem(file: Extract<SettingsFile, { ok: false }>): string {
  const name = printable(file.path, 300);
  if (file.unread) return `cannot read the settings file ${name}: ${file.reason}`;
  const where = file.line === undefined ? '' : `, line ${file.line}`;
  return `the settings file ${name}${where}: ${file.reason}`;
}
