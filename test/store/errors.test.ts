/** File-system errors are said in a player's words, never as a bare code such as ENXIO. */
import * as fs from 'fs';
import { fsReason, fsWords } from '../../src/store/errors';

const failure = (code: string, message = `${code}: whatever, open '/x'`) =>
  Object.assign(new Error(message), { code, path: '/x' });

describe('fsWords', () => {
  it('words the codes a record, a save or a terminal device gives', () => {
    expect(fsWords(failure('ENXIO'))).toBe(
      'no device answers there (such as /dev/tty with no terminal)',
    );
    expect(fsWords(failure('EBUSY'))).toBe('the file is busy');
    expect(fsWords(failure('EACCES'))).toBe('permission denied');
  });

  it("falls back on Node's own description, without the code, for a code it does not list", () => {
    const error = failure('ENOTCONN', 'ENOTCONN: socket is not connected, read');
    expect(fsWords(error)).toBe('socket is not connected');
    expect(fsReason(error, '/y')).toBe('socket is not connected (/x)');
  });

  it('takes a context override first, and never an inherited name for a code', () => {
    expect(fsWords(failure('ENOENT'), { ENOENT: 'no such file' })).toBe('no such file');
    expect(fsWords(failure('constructor', 'odd'))).toBe('constructor');
  });

  it('words a real error: reading a folder as a file', () => {
    let thrown: unknown;
    try {
      fs.readFileSync('/');
    } catch (error) {
      thrown = error;
    }
    expect(fsWords(thrown)).toBe('a folder is in the way');
  });
});
