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
};

/** The words for an error; `overrides` words codes differently where the context asks it. */
export function fsWords(error: unknown, overrides: Record<string, string> = {}): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return (
    overrides[code] ??
    WORDS[code] ??
    (code || (error instanceof Error ? error.message : String(error)))
  );
}

/** The words for an error with the path concerned: `permission denied (/home/ada/.local/state)`. */
export function fsReason(error: unknown, where: string): string {
  return `${fsWords(error)} (${(error as NodeJS.ErrnoException | undefined)?.path ?? where})`;
}
