/**
 * A frame that shows an action goes to the player only once the action's save is in the server's
 * database (docs/serve.md, "The database"), so that no action a player saw is lost.
 */
import type { PgPlayer } from '../store/postgres/player';

/**
 * Holds what the game writes to `output` while a save is on its way to the database, and sends it,
 * in order, once the database has it: a frame that shows an action is never ahead of its save.
 * Returns how to stop, once the game is over.
 */
export function holdUntilSaved(
  output: NodeJS.WritableStream,
  engine: PgPlayer,
): () => Promise<void> {
  const write = output.write.bind(output) as (...args: unknown[]) => boolean;
  // Each write held waits for the steps handed over before it alone (not for later ones: keys
  // that keep coming never starve the screen), and goes out in order after those held before it.
  let queue = Promise.resolve();
  let held = 0;
  output.write = ((...args: unknown[]) => {
    if (!engine.pending && held === 0) return write(...args);
    held++;
    const saved = engine.tail();
    queue = queue
      .then(() => saved)
      .then(() => {
        held--;
        // A game lost to another session meanwhile: what it drew after is not its owner's game.
        if (engine.lost.size === 0) write(...args);
      });
    return true;
  }) as typeof output.write;
  // Undone once what is held has gone (or been dropped): writes go straight out again.
  return () =>
    engine
      .idle()
      .then(() => queue)
      .then(() => {
        output.write = write as typeof output.write;
      });
}
