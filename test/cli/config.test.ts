/**
 * The settings file on the command line (docs/settings.md, "Settings"): `spider config`, flags
 * over the file, the file over the defaults, and a bad file stopping with status 2.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run } from '../../src/cli/program';
import { fakeIo } from '../helpers/fake-io';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/** An environment whose settings file holds `text` (none when undefined), and its path. */
function withFile(text?: string, more: NodeJS.ProcessEnv = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-config-'));
  roots.push(root);
  const file = path.join(root, 'spider', 'config.toml');
  if (text !== undefined) {
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, text);
  }
  const env = { LANG: 'C.UTF-8', XDG_CONFIG_HOME: root, XDG_STATE_HOME: root, ...more };
  return { env, file };
}

async function cli(args: string[], env: NodeJS.ProcessEnv, tty = false) {
  const { io, written } = fakeIo({ env, tty });
  const status = await run(args, io);
  return { status, stdout: written.stdout, stderr: written.stderr };
}

describe('spider config', () => {
  it('shows the defaults, the locale, and that there is no file', async () => {
    const { env, file } = withFile(undefined, { LANG: 'en_GB.UTF-8' });
    expect(await cli(['config'], env)).toEqual({
      status: 0,
      stderr: '',
      stdout: [
        `# The settings file: ${file} (there is none: nothing is read)`,
        'suits = 4           # default',
        'relaxed = 0         # default',
        'keep-suits = false  # default',
        'scoring = "woods"   # default',
        'four-color = false  # default',
        'ascii = false       # the environment: LANG=en_GB.UTF-8',
        'color = "auto"      # default',
        'clock = true        # default',
        'cards = "auto"      # default',
        '',
      ].join('\n'),
    });
  });

  it('shows what the file sets, with its lines, and what flags given to it would do', async () => {
    const { env } = withFile(
      'suits = 2\n# display\nascii = true\nclock = false\ncards = "small"\n',
    );
    const shown = (await cli(['config'], env)).stdout;
    expect(shown).toContain('suits = 2           # the settings file, line 1\n');
    expect(shown).toContain('ascii = true        # the settings file, line 3\n');
    expect(shown).toContain('clock = false       # the settings file, line 4\n');
    const flags = ['config', '-s', '1', '--unicode', '--clock', '--cards', 'large', '-k'];
    const over = (await cli(flags, env)).stdout;
    expect(over).toContain('suits = 1           # the flag --suits\n');
    expect(over).toContain('keep-suits = true   # the flag --keep-suits\n');
    expect(over).toContain('ascii = false       # the flag --unicode\n');
    expect(over).toContain('clock = true        # the flag --clock\n');
    expect(over).toContain('cards = "large"     # the flag --cards\n');
    const off = (await cli(['config', '--no-keep-suits', '--no-four-color'], env)).stdout;
    expect(off).toContain('keep-suits = false  # the flag --no-keep-suits\n');
    expect(off).toContain('four-color = false  # the flag --no-four-color\n');
  });

  it('prints what a settings file would hold: its own lines read back the same', async () => {
    const { env } = withFile('relaxed = 2\nscoring = "aisleriot"\ncolor = "always"\n');
    const shown = (await cli(['config'], env)).stdout;
    const again = withFile(shown, { LANG: 'C' });
    const read = await cli(['config', '--json'], again.env);
    const values = Object.values(
      JSON.parse(read.stdout).settings as Record<string, { from: string }>,
    );
    expect(values.every((s) => s.from === 'file')).toBe(true);
    expect((await cli(['config'], again.env)).stdout).toContain(
      'scoring = "aisleriot"  # the settings file, line 5',
    );
  });

  it('names NO_COLOR and TERM=dumb, which the file and flags override', async () => {
    const none = withFile(undefined, { NO_COLOR: '1' });
    expect((await cli(['config'], none.env)).stdout).toContain(
      'color = "never"     # the environment: NO_COLOR is set\n',
    );
    const dumb = withFile(undefined, { TERM: 'dumb' });
    expect((await cli(['config'], dumb.env)).stdout).toContain(
      'color = "never"     # the environment: TERM=dumb\n',
    );
    const always = withFile('color = "always"\n', { NO_COLOR: '1' });
    expect((await cli(['config'], always.env)).stdout).toContain(
      'color = "always"    # the settings file, line 1\n',
    );
    expect((await cli(['config', '--color', 'auto'], always.env)).stdout).toContain(
      'color = "never"     # the environment: NO_COLOR is set\n',
    );
    const forced = withFile(undefined, { FORCE_COLOR: '1', NO_COLOR: '1' });
    expect((await cli(['config'], forced.env)).stdout).toContain(
      'color = "always"    # the environment: FORCE_COLOR=1\n',
    );
    const forcedOff = withFile(undefined, { FORCE_COLOR: '0' });
    expect((await cli(['config'], forcedOff.env)).stdout).toContain(
      'color = "never"     # the environment: FORCE_COLOR=0\n',
    );
    const noLocale = withFile(undefined, { LANG: '' });
    expect((await cli(['config'], noLocale.env)).stdout).toContain(
      'ascii = true        # the environment: no locale is set (LC_ALL, LC_CTYPE, LANG), so ASCII\n',
    );
  });

  it('says where there is no home for a file', async () => {
    const shown = await cli(['config'], { HOME: 'relative', XDG_CONFIG_HOME: '', LANG: 'C' });
    expect(shown.status).toBe(0);
    expect(shown.stdout.split('\n')[0]).toBe(
      "# No settings file is read: there is no home folder: HOME is 'relative', not an absolute path.",
    );
    expect(
      JSON.parse((await cli(['config', '--json'], { HOME: '', XDG_CONFIG_HOME: '' })).stdout).file,
    ).toEqual({
      path: null,
      exists: false,
      problem: "there is no home folder: HOME is '', not an absolute path",
    });
  });

  it('--json: the file, and each setting with its value and where it comes from', async () => {
    const { env, file } = withFile('\nfour-color = true\n', { LC_ALL: 'C', NO_COLOR: 'x' });
    const shown = await cli(['config', '--json', '--no-clock', '--relaxed', '3'], env);
    expect(shown.status).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({
      file: { path: file, exists: true },
      settings: {
        suits: { value: 4, from: 'default' },
        relaxed: { value: 3, from: 'flag', flag: '--relaxed' },
        'keep-suits': { value: false, from: 'default' },
        scoring: { value: 'woods', from: 'default' },
        'four-color': { value: true, from: 'file', line: 2 },
        ascii: { value: true, from: 'environment', variable: 'LC_ALL', variableValue: 'C' },
        color: { value: 'never', from: 'environment', variable: 'NO_COLOR', variableValue: 'x' },
        clock: { value: false, from: 'flag', flag: '--no-clock' },
        cards: { value: 'auto', from: 'default' },
      },
    });
  });

  it('refuses a bad flag as the game does', async () => {
    const { env } = withFile();
    expect(await cli(['config', '--cards', 'huge'], env)).toEqual({
      status: 2,
      stdout: '',
      stderr: "spider: --cards must be auto, small or large, not 'huge'\n",
    });
    expect((await cli(['config', '--suits', '3'], env)).stderr).toBe(
      "spider: --suits must be 1, 2 or 4, not '3'\n",
    );
  });

  it('is in the main help, with the new flags of the game', async () => {
    const help = (await cli(['--help'], withFile().env)).stdout;
    expect(help).toMatch(/\n {2}config .*settings in force/);
    expect(help).toContain("defaults of your own in a settings file:\n'spider config' shows them");
    for (const flag of ['--clock', '--no-clock', '--cards <size>', '--no-keep-suits'])
      expect(help).toContain(flag);
  });
});

describe('a bad settings file', () => {
  const bad = 'suits = 2\ncolor = never\n';
  const message = (file: string) =>
    `spider: the settings file ${file}, line 2: not valid TOML: invalid value, column 9 (text goes in quotes: color = "never")\n`;

  it.each([[['config']], [['config', '--json']], [['--new']], [[]], [['deal']], [['stats']]])(
    'stops %j with status 2, naming the file, the line and what is expected',
    async (args) => {
      const { env, file } = withFile(bad);
      expect(await cli(args, env, true)).toEqual({ status: 2, stdout: '', stderr: message(file) });
    },
  );

  it('is not read where no setting counts: JSON, solve, autoplay, the help', async () => {
    const { env } = withFile(bad);
    expect((await cli(['deal', '--seed', '1', '--json'], env)).status).toBe(0);
    expect((await cli(['solve', '--seed', '1', '--suits', '1'], env)).status).toBe(0);
    expect((await cli(['--help'], env)).status).toBe(0);
    expect((await cli(['--version'], env)).status).toBe(0);
  });

  it('says a folder in its place is one', async () => {
    const { env, file } = withFile();
    fs.mkdirSync(file, { recursive: true });
    expect((await cli(['config'], env)).stderr).toBe(
      `spider: cannot read the settings file ${file}: it is a folder, not a file\n`,
    );
  });
});

describe('the settings where the display options are taken', () => {
  it('spider deal: the display settings, never the rules', async () => {
    const { env } = withFile('suits = 1\nrelaxed = 3\nascii = true\n');
    const shown = await cli(['deal', '--seed', '7', '--reveal'], env);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(/\b[A2-9TJQK]h\b/);
    expect(shown.stdout).not.toMatch(/[♠♥♦♣]/);
    // The deal is the 4-suit one: a script's output does not change with the settings.
    expect(shown.stdout).toContain('4 suits');
    expect(shown.stdout).toBe(
      (await cli(['deal', '--seed', '7', '--reveal', '--ascii'], withFile().env)).stdout,
    );
    // A flag still wins.
    expect((await cli(['deal', '--seed', '7', '--unicode'], env)).stdout).toMatch(/[♠♥♦♣]/);
  });

  it('messages follow the file`s ascii too', async () => {
    const { env } = withFile('ascii = true\n');
    const shown = await cli(['deal', '--deal', 'pysol:é'], env);
    expect(shown.stderr).toMatch(/^spider: --deal 'pysol:\?' is not a deal/);
    const utf8 = await cli(['deal', '--deal', 'pysol:é'], withFile().env);
    expect(utf8.stderr).toMatch(/^spider: --deal 'pysol:é' is not a deal/);
  });
});
