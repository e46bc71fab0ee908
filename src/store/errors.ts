/** File-system errors in a player's words: one list for every file the game reads or writes. */
const WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOENT: 'a folder on the way is missing',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'a folder is in the way',
  EEXIST: 'a file is in the way',
  EIO: 'input/output error',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENXIO: 'no device answers there (such as /dev/tty with no terminal)',
  ENODEV: 'no such device',
  EBUSY: 'the file is busy',
  ETXTBSY: 'the file is busy',
  EAGAIN: 'it has nothing to read yet (try again)',
  EFBIG: 'the file is too large',
  ENOTSUP: 'the file system cannot do this',
  EOPNOTSUPP: 'the file system cannot do this',
};

/**
 * Node's own description of a system error it names by code (`ENOTCONN: socket is not connected,
 * read` gives `socket is not connected`), for codes the list above does not word.
 */
function systemDescription(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  return /^E[A-Z0-9]+: ([^,]+)/.exec(message)?.[1];
}

/** The words for an error; `overrides` words codes differently where the context asks it. */
export function fsWords(error: unknown, overrides: Record<string, string> = {}): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return (
    (Object.hasOwn(overrides, code) ? overrides[code] : undefined) ??
    (Object.hasOwn(WORDS, code) ? WORDS[code] : undefined) ??
    systemDescription(error) ??
    (code || (error instanceof Error ? error.message : String(error)))
  );
}

/** The words for an error with the path concerned: `permission denied (/home/ada/.local/state)`. */
export function fsReason(error: unknown, where: string): string {
  return `${fsWords(error)} (${(error as NodeJS.ErrnoException | undefined)?.path ?? where})`;
}
