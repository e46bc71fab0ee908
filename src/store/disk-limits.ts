/**
 * What one player may keep on disk (docs/serve.md, "Limits on disk"): a server's operator sets
 * these for its players, so that no player can fill the host's disk; a local player's files have
 * none.
 */
export interface DiskLimits {
  /**
   * The history's size (`games.jsonl`), in bytes, past which its oldest lines are folded into a
   * summary at its head: no statistic is lost, and reading it costs the same however long the
   * player has played.
   */
  readonly historyBytes: number;
  /** Records `w` keeps in the player's records folder. */
  readonly records: number;
  /** Bytes of records in all. */
  readonly recordBytes: number;
  /** Unfinished games saved at once. */
  readonly saves: number;
}

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

/**
 * The smallest history limit: a fold leaves the history at half its limit, and the newest games
 * it keeps as lines together with the slots its summary keeps hold every result the search for
 * late results (the last 256 KiB, `RECENT_BYTES`) asks for only if half the limit is at least that.
 */
export const MIN_HISTORY_BYTES = 512 * KIB;

/** A server's limits unless its operator says otherwise (docs/serve.md, "Limits on disk"). */
export const SERVER_DISK_LIMITS: DiskLimits = {
  historyBytes: 1 * MIB,
  records: 100,
  recordBytes: 16 * MIB,
  saves: 16,
};

const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  k: KIB,
  kb: KIB,
  kib: KIB,
  m: MIB,
  mb: MIB,
  mib: MIB,
  g: GIB,
  gb: GIB,
  gib: GIB,
};

/** A size in bytes as the options and messages say it: `1 MiB`, `512 KiB`, `100 bytes`, `1 GiB`. */
export function sizeText(bytes: number): string {
  if (bytes >= GIB && bytes % GIB === 0) return `${bytes / GIB} GiB`;
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= KIB && bytes % KIB === 0) return `${bytes / KIB} KiB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/**
 * A size from an option (`1MiB`, `512K`, `2 MB`, `4096`: units are powers of 1024), from `min`
 * to `max` bytes, or why not.
 */
export function parseSize(
  name: string,
  text: string,
  min: number,
  max: number,
): { ok: true; value: number } | { ok: false; message: string } {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  const unit = match ? UNITS[match[2].toLowerCase()] : undefined;
  const value = match && unit !== undefined ? Number(match[1]) * unit : NaN;
  if (!(value >= min && value <= max))
    return {
      ok: false,
      message: `${name} must be a size from ${sizeText(min)} to ${sizeText(max)}, such as 1MiB or 512KiB, not '${text}'`,
    };
  return { ok: true, value };
}
