/**
 * A disk held up or failing on purpose, for saves written in the background: the rename that
 * ends every save waits for a gate, or fails.
 */
import * as fs from 'fs';

/** Polls until `done` holds; fails after ten seconds (a loaded machine syncs files slowly). */
export async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** A few turns of the event loop: time for anything not held up to happen. */
export async function turns(count = 20): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise((r) => setImmediate(r));
}

/**
 * Holds every save's last step (the rename over the save) until `open` is called, and counts
 * the renames and how many were under way at once. Undone by jest.restoreAllMocks().
 */
export function holdRenames() {
  const rename = fs.promises.rename;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const renamed: string[] = [];
  let underWay = 0;
  let most = 0;
  jest.spyOn(fs.promises, 'rename').mockImplementation(async (from, to) => {
    renamed.push(String(to));
    most = Math.max(most, ++underWay);
    await gate;
    try {
      return await rename(from, to);
    } finally {
      underWay--;
    }
  });
  return { renamed, open, most: () => most };
}

/** The error a failing disk gives. */
export function ioError(): Error {
  return Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
}
