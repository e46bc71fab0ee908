/**
 * Huge but legal game records, for the memory and speed of replaying and restoring them.
 *
 * In the deal of seed "1" (4 suits) columns 1 and 2 both show a 4 and column 7 a 3: `7-1` puts
 * the 3 on column 1, and `1-2 2-1` then moves it across and back as often as wanted. The body is
 * wrapped at 72 characters like the records the program writes.
 */
const LINE = `${'1-2 2-1 '.repeat(8)}1-2 2-1\n`;
const ACTIONS_PER_LINE = 18;

export interface BigRecord {
  readonly text: string;
  /** Actions in the body, `tail` not included. */
  readonly actions: number;
}

/**
 * A record of at most `bytes` bytes (UTF-8, all ASCII). `header` lines go after the rules (save
 * keys, for example); `tail` ends the body (an illegal action, for example).
 */
export function bigRecord(
  bytes: number,
  options: { header?: string[]; tail?: string } = {},
): BigRecord {
  const header = ['seed: 1', 'suits: 4', 'relaxed: 0', 'keep-suits: no', ...(options.header ?? [])];
  const head = `${header.join('\n')}\n\n7-1\n`;
  const tail = options.tail ?? '';
  const lines = Math.max(0, Math.floor((bytes - head.length - tail.length) / LINE.length));
  return { text: head + LINE.repeat(lines) + tail, actions: 1 + lines * ACTIONS_PER_LINE };
}

/**
 * A preload script (`node -r FILE`) that writes the process's peak resident memory in KiB to
 * the file named by SPIDER_PEAK_RSS_FILE as it exits: the high-water mark the kernel keeps,
 * so nothing between two samples is missed. It is read from VmHWM in /proc/self/status, which
 * counts this program's memory only: Linux carries `maxRSS` (getrusage) across fork and exec,
 * so there it is at least the peak of whatever started the program (a test worker of 176 MiB,
 * say). Where /proc is missing it falls back to `maxRSS`.
 */
export const PEAK_RSS_PRELOAD = `process.on('exit', () => {
  const fs = require('fs');
  let kib = process.resourceUsage().maxRSS;
  try {
    const hwm = /^VmHWM:\\s+(\\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (hwm) kib = Number(hwm[1]);
  } catch {}
  fs.writeFileSync(process.env.SPIDER_PEAK_RSS_FILE, String(kib));
});
`;
