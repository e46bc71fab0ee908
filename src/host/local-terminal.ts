/**
 * Everything process-wide about playing in the terminal this process runs in: signals, a crash,
 * stopping for the shell on Ctrl-Z, and output that never blocks the process. The game loop asks
 * for these through its host; nothing else in the program installs process handlers.
 */
import * as fs from 'fs';
import type { JobRunner } from '../search/jobs';
import { solverPair } from './solver-file';

/** Exit statuses for the signals that end a game: 128 + the signal's number, as shells report. */
const ENDING_SIGNALS: readonly [NodeJS.Signals, number][] = [
  ['SIGTERM', 143],
  ['SIGHUP', 129],
  ['SIGINT', 130],
  ['SIGQUIT', 131],
];

/** How long a stop for the shell may take to show before it counts as refused. */
const STOP_WAIT_MS = 500;

/** The fields of /proc/PID/stat the job-control check needs. */
interface ProcessStat {
  readonly ppid: number;
  readonly pgrp: number;
  readonly session: number;
}

function readStat(pid: number | 'self'): ProcessStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name, in parentheses, may hold spaces: the fields after it are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), pgrp: Number(fields[2]), session: Number(fields[3]) };
  } catch {
    return null;
  }
}

/**
 * Whether a stop signal would stop this process. The kernel discards SIGTSTP sent to an orphaned
 * process group: one where no member has a parent in another group of the same session, which
 * is what a shell with job control is. That is the case when the game is a terminal's own
 * process, was started with `exec`, or by a shell without job control. Where /proc cannot tell
 * (not Linux), the answer is yes, and the stop itself is watched instead.
 */
export function canStopForShell(): boolean {
  const self = readStat('self');
  if (!self) return true;
  if (self.pgrp === self.session) return false;
  let names: string[];
  try {
    names = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return true;
  }
  for (const name of names) {
    const member = readStat(Number(name));
    if (!member || member.pgrp !== self.pgrp) continue;
    const parent = readStat(member.ppid);
    if (parent && parent.pgrp !== self.pgrp && parent.session === self.session) return true;
  }
  return false;
}

/**
 * Makes a terminal stream write without blocking. Node writes to a terminal synchronously, so a
 * terminal whose output is stopped (XOFF, Ctrl-S) would freeze the whole process in write(),
 * signals and saving included. libuv reopens a terminal for each stream, so this does not
 * change the terminal for the shell or any other process.
 */
function writeWithoutBlocking(stream: NodeJS.WriteStream): void {
  const handle = (stream as unknown as { _handle?: { setBlocking?: (on: boolean) => void } })
    ._handle;
  if (stream.isTTY) handle?.setBlocking?.(false);
}

/**
 * What a game played on this process's own terminal gets from its host: the game loop's
 * `GameHost` (src/ui/loop.ts), and a last word before the process exits.
 */
export interface LocalTerminalHost {
  /** Where the solver runs: on both cores, off the game's thread. */
  readonly solver: JobRunner;
  /** Watches for the signals that end a game, and for a crash; returns the unwatch. */
  watch(end: (status: number, problem?: string) => void): () => void;
  /** Stops the game for the shell (Ctrl-Z), the screen left meanwhile. */
  suspend(screen: { leave(): Promise<void>; enter(): void }): Promise<'resumed' | 'unavailable'>;
  /** Runs `action` if the process exits before the game has been settled (a hangup). */
  atExit(action: () => void): () => void;
}

/** The host for a game played on this process's own terminal. */
export function localTerminalHost(output: NodeJS.WriteStream): LocalTerminalHost {
  writeWithoutBlocking(output);
  writeWithoutBlocking(process.stderr);
  return {
    solver: solverPair(),

    watch(end) {
      const listeners: [string, (...args: unknown[]) => void][] = [];
      for (const [signal, status] of ENDING_SIGNALS) listeners.push([signal, () => end(status)]);
      // A bug must not leave the terminal in raw mode with a trace painted over the board.
      const crash = (error: unknown) =>
        end(70, `internal error: ${error instanceof Error ? error.message : String(error)}`);
      listeners.push(['uncaughtException', crash], ['unhandledRejection', crash]);
      for (const [event, listener] of listeners) process.on(event, listener);
      return () => {
        for (const [event, listener] of listeners) process.removeListener(event, listener);
      };
    },

    async suspend(screen) {
      if (!canStopForShell()) return 'unavailable';
      await screen.leave();
      let onContinue: () => void = () => undefined;
      const continued = new Promise<'resumed'>((resolve) => {
        onContinue = () => resolve('resumed');
        process.once('SIGCONT', onContinue);
      });
      const sent = Date.now();
      // The whole foreground job stops, as the terminal's own Ctrl-Z would stop it: under `npm
      // start` (npm, a shell, then the game) stopping the game alone leaves npm in the foreground,
      // waiting, and the shell never gets its prompt back.
      process.kill(0, 'SIGTSTP');
      const outcome = await Promise.race([
        continued,
        new Promise<'refused'>((resolve) => setTimeout(() => resolve('refused'), STOP_WAIT_MS)),
      ]);
      process.removeListener('SIGCONT', onContinue);
      screen.enter();
      // The terminal may have been resized while the game was stopped, and the SIGWINCH went to
      // the shell: have Node read the size again (it reports a change as a resize).
      process.kill(process.pid, 'SIGWINCH');
      // Timers do not run while the process is stopped: a wait well past the limit means it was.
      return outcome === 'resumed' || Date.now() - sent > STOP_WAIT_MS * 1.5
        ? 'resumed'
        : 'unavailable';
    },

    /** Runs `action` if the process exits before the game has been settled (a hangup). */
    atExit(action) {
      process.once('exit', action);
      return () => process.removeListener('exit', action);
    },
  };
}
