/**
 * A save thread the system will not start (src/store/save-thread.ts): the saves waiting for it
 * fail with why, rather than wait for ever, and a later save tries again.
 */
jest.mock('worker_threads', () => ({
  Worker: function Refused() {
    throw Object.assign(new Error('the system would not start a thread'), {
      code: 'ERR_WORKER_INIT_FAILED',
    });
  },
}));
import { useSaveThread, writeOnSaveThread } from '../../src/store/save-thread';

it('fails the saves gathered for a thread that cannot be started, each with why', async () => {
  useSaveThread();
  const saves = ['a', 'b'].map((name) =>
    writeOnSaveThread(`/nonexistent/${name}.txt`, `/nonexistent/.${name}.tmp`, 'saved', false),
  );
  for (const save of saves)
    await expect(save).rejects.toThrow('the system would not start a thread');
  // The next save is not stuck behind them: it is tried, and fails the same way.
  await expect(
    writeOnSaveThread('/nonexistent/c.txt', '/nonexistent/.c.tmp', 'saved', false),
  ).rejects.toThrow('the system would not start a thread');
});
