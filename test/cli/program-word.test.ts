import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { programWord } from '../../src/cli/program-word';

/** A folder holding an executable `bin/spider`, and a `home` beside it, in a temporary folder. */
let root: string;
let program: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'spider-word-')));
  program = path.join(root, 'clone', 'bin', 'spider');
  fs.mkdirSync(path.dirname(program), { recursive: true });
  fs.writeFileSync(program, '#!/usr/bin/env node\n', { mode: 0o755 });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A folder for PATH holding `spider` as a link to `target` (or a file of its own). */
function pathFolder(name: string, target?: string): string {
  const folder = path.join(root, name);
  fs.mkdirSync(folder);
  if (target === undefined) fs.writeFileSync(path.join(folder, 'spider'), '', { mode: 0o755 });
  else fs.symlinkSync(target, path.join(folder, 'spider'));
  return folder;
}

describe('programWord', () => {
  it('is spider when the first spider on PATH is this program, through a link as npm makes', () => {
    const bin = pathFolder('prefix-bin', program);
    expect(programWord({ PATH: `/nowhere:${bin}:/usr/bin` }, program)).toBe('spider');
    // Started through the link itself, as a global install runs it.
    expect(programWord({ PATH: bin }, path.join(bin, 'spider'))).toBe('spider');
  });

  it('is the path that started it when no spider is on PATH', () => {
    expect(programWord({ PATH: '/usr/bin:/bin' }, program)).toBe(program);
    expect(programWord({}, program)).toBe(program);
  });

  it('is the path when another spider comes first on PATH, which would run another program', () => {
    const other = pathFolder('other', undefined);
    const ours = pathFolder('ours', program);
    expect(programWord({ PATH: `${other}:${ours}` }, program)).toBe(program);
    expect(programWord({ PATH: `${ours}:${other}` }, program)).toBe('spider');
  });

  it('skips a spider on PATH that is not executable, as the shell does', () => {
    const plain = path.join(root, 'plain');
    fs.mkdirSync(plain);
    fs.writeFileSync(path.join(plain, 'spider'), '', { mode: 0o644 });
    const ours = pathFolder('ours', program);
    // No execute bit at all: not even root may run it.
    expect(programWord({ PATH: `${plain}:${ours}` }, program)).toBe('spider');
    expect(programWord({ PATH: plain }, program)).toBe(program);
  });

  it('writes a path under the home folder as ~/..., and quotes one the shell would split', () => {
    expect(programWord({ HOME: root, PATH: '' }, program)).toBe('~/clone/bin/spider');
    expect(programWord({ HOME: `${root}/`, PATH: '' }, program)).toBe('~/clone/bin/spider');
    const spaced = path.join(root, 'my games', 'spider');
    fs.mkdirSync(path.dirname(spaced));
    fs.copyFileSync(program, spaced);
    // ~ would not expand inside quotes: the whole path is quoted instead.
    expect(programWord({ HOME: root, PATH: '' }, spaced)).toBe(`'${spaced}'`);
  });

  it('is spider when the path that started it is unknown or gone', () => {
    expect(programWord({ PATH: '' }, undefined)).toBe('spider');
    expect(programWord({ PATH: '' }, path.join(root, 'gone'))).toBe('spider');
  });
});
