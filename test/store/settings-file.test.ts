import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { settingsPlace } from '../../src/store/paths';
import {
  MAX_SETTINGS_BYTES,
  readSettingsFile,
  settingsFileExists,
} from '../../src/store/settings-file';
import { settingsFileProblem } from '../../src/words/settings';
import { SPIDER } from '../e2e/spider';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/** A config home with `spider/config.toml` holding `content` (bytes or text) when given. */
function configHome(content?: string | Buffer): { env: NodeJS.ProcessEnv; file: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-settings-'));
  roots.push(root);
  const file = path.join(root, 'spider', 'config.toml');
  if (content !== undefined) {
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, content);
  }
  return { env: { HOME: '/nonexistent', XDG_CONFIG_HOME: root }, file };
}

/** The message a bad file gives. */
function problem(env: NodeJS.ProcessEnv): string {
  const read = readSettingsFile(env);
  if (read.ok) throw new Error('the file was read');
  return settingsFileProblem(read);
}

describe('where the settings file is', () => {
  it('is under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(settingsPlace({ HOME: '/home/ada', XDG_CONFIG_HOME: '/etc/ada' })).toEqual({
      path: '/etc/ada/spider/config.toml',
    });
    expect(settingsPlace({ HOME: '/home/ada' })).toEqual({
      path: '/home/ada/.config/spider/config.toml',
    });
    // A relative XDG value is ignored, as the specification says.
    expect(settingsPlace({ HOME: '/home/ada', XDG_CONFIG_HOME: 'conf' })).toEqual({
      path: '/home/ada/.config/spider/config.toml',
    });
  });

  it.each([[''], ['relative/home']])('HOME=%j names no home, so no file is read', (home) => {
    expect(settingsPlace({ HOME: home })).toEqual({
      problem: `there is no home folder: HOME is '${home}', not an absolute path`,
    });
    expect(readSettingsFile({ HOME: home })).toEqual({
      ok: true,
      path: null,
      noPlace: `there is no home folder: HOME is '${home}', not an absolute path`,
      exists: false,
      settings: {},
      lines: {},
    });
    expect(settingsFileExists({ HOME: home })).toBe(false);
  });
});

describe('reading the settings file', () => {
  it('is fine when there is none', () => {
    const { env, file } = configHome();
    expect(readSettingsFile(env)).toEqual({
      ok: true,
      path: file,
      exists: false,
      settings: {},
      lines: {},
    });
    expect(settingsFileExists(env)).toBe(false);
  });

  it('gives the settings and their lines, and never writes the file', () => {
    const { env, file } = configHome('# defaults\nsuits = 2\nclock = false\n');
    fs.chmodSync(file, 0o444);
    const before = fs.statSync(file);
    expect(readSettingsFile(env)).toEqual({
      ok: true,
      path: file,
      exists: true,
      settings: { suits: 2, clock: false },
      lines: { suits: 2, clock: 3 },
    });
    expect(settingsFileExists(env)).toBe(true);
    const after = fs.statSync(file);
    expect([after.mtimeMs, after.size, after.mode]).toEqual([
      before.mtimeMs,
      before.size,
      before.mode,
    ]);
  });

  it('says which file, which line and what is expected', () => {
    const { env, file } = configHome('suits = 2\nrelaxed = 7\n');
    expect(problem(env)).toBe(
      `the settings file ${file}, line 2: relaxed must be 0, 1, 2 or 3, not 7`,
    );
    expect(settingsFileExists(env)).toBe(true);
  });

  it('refuses text that is not UTF-8, at its line', () => {
    const { env, file } = configHome(Buffer.from('suits = 2\nscoring = "caf\xe9"\n', 'latin1'));
    expect(problem(env)).toBe(
      `the settings file ${file}, line 2: not UTF-8 text: the byte E9 after 'scoring = "caf'`,
    );
  });

  it('refuses a folder', () => {
    const { env, file } = configHome();
    fs.mkdirSync(file, { recursive: true });
    expect(problem(env)).toBe(`cannot read the settings file ${file}: it is a folder, not a file`);
    expect(settingsFileExists(env)).toBe(true);
  });

  it('refuses a huge file', () => {
    const { env, file } = configHome(`# ${'x'.repeat(MAX_SETTINGS_BYTES)}\n`);
    expect(problem(env)).toBe(
      `cannot read the settings file ${file}: larger than 64 KiB: a settings file is a few lines`,
    );
  });

  it('refuses a FIFO at once, without waiting for a writer', () => {
    const { env, file } = configHome();
    fs.mkdirSync(path.dirname(file));
    execFileSync('mkfifo', [file]);
    expect(problem(env)).toBe(`cannot read the settings file ${file}: it is not a regular file`);
  });

  it('follows a symbolic link, and counts a dangling one as no file', () => {
    const { env, file } = configHome();
    const elsewhere = configHome('ascii = true\n');
    fs.mkdirSync(path.dirname(file));
    fs.symlinkSync(elsewhere.file, file);
    expect(readSettingsFile(env)).toMatchObject({ ok: true, settings: { ascii: true } });
    fs.rmSync(elsewhere.file);
    expect(readSettingsFile(env)).toMatchObject({ ok: true, exists: false });
  });

  it('says why it cannot read one', () => {
    const { env, file } = configHome();
    // A file where the folder should be: the path goes through a file.
    fs.writeFileSync(path.dirname(file), 'not a folder');
    expect(problem(env)).toBe(
      `cannot read the settings file ${file}: a part of the path is not a folder`,
    );
  });

  // Root reads any file: there the refusal is made to the program run as another user, nobody.
  it('says when it may not read one', () => {
    const { env, file } = configHome('suits = 2\n');
    fs.chmodSync(file, 0o000);
    if (process.getuid?.() !== 0) {
      expect(problem(env)).toBe(`cannot read the settings file ${file}: permission denied`);
      return;
    }
    for (let dir = path.dirname(file); dir !== os.tmpdir(); dir = path.dirname(dir))
      fs.chmodSync(dir, 0o755);
    const run = spawnSync(process.execPath, [SPIDER, 'config'], {
      env: { PATH: process.env.PATH, ...env },
      uid: 65534,
      gid: 65534,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`cannot read the settings file ${file}: permission denied`);
  });
});
