/**
 * `spider completion bash|zsh|fish` (src/cli/completion.ts; docs/install.md, "Shell completion"):
 * each script is loaded by its shell and asked for completions as a player's TAB would ask (bash,
 * zsh and fish are needed: .ci/run installs them).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Option } from 'commander';
import { valuesOf } from '../../src/cli/option-values';
import { commandTree, run } from '../../src/cli/program';
import { expectBuilt } from '../helpers/built';
import { fakeIo } from '../helpers/fake-io';

const ROOT = path.join(__dirname, '..', '..');
const COMMANDS = [
  'deal',
  'replay',
  'solve',
  'autoplay',
  'serve',
  'stats',
  'saves',
  'resume',
  'config',
  'completion',
  'play',
];

async function spider(args: readonly string[]) {
  const { io, written } = fakeIo({ env: { LANG: 'C.UTF-8' } });
  const status = await run(args, io);
  return { status, ...written };
}

let folder: string;
const scripts: Record<string, string> = {};

beforeAll(async () => {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-completion-'));
  // Where the shells run: two files to complete, and the scripts beside, not among them.
  folder = path.join(top, 'here');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'record.txt'), '');
  fs.writeFileSync(path.join(folder, 'readme.md'), '');
  for (const shell of ['bash', 'zsh', 'fish']) {
    const { status, stdout, stderr } = await spider(['completion', shell]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    scripts[shell] = path.join(folder, '..', `spider.${shell}`);
    fs.writeFileSync(scripts[shell], stdout);
  }
});

afterAll(() => fs.rmSync(path.join(folder, '..'), { recursive: true, force: true }));

/** The option names `spider COMMAND --help` lists. */
async function helpOptions(command: string | undefined): Promise<string[]> {
  const { stdout } = await spider(command === undefined ? ['--help'] : [command, '--help']);
  const options = stdout.slice(
    stdout.indexOf('Options:'),
    stdout.indexOf('\n\n', stdout.indexOf('Options:')),
  );
  return [...options.matchAll(/^ {2}(-\S+?)(?:, (--\S+))?(?: <[^>]+>)? {2}/gm)]
    .flatMap((m) => [m[1], m[2]])
    .filter((name): name is string => name !== undefined)
    .sort();
}

describe('bash', () => {
  /** What the completion function offers for the words of a line, the last being completed. */
  function offered(...words: string[]): string[] {
    const line = words.map((w) => `'${w}'`).join(' ');
    const done = spawnSync(
      'bash',
      [
        '-c',
        `source '${scripts.bash}'; COMP_WORDS=(${line}); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); _spider; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ],
      { cwd: folder, encoding: 'utf8' },
    );
    expect(done.stderr).toBe('');
    return done.stdout.split('\n').filter((w) => w !== '');
  }

  it('is registered by sourcing what the built program prints', () => {
    expectBuilt();
    const done = spawnSync(
      'bash',
      ['-c', `source <('${process.execPath}' bin/spider completion bash); complete -p spider`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(done.stderr).toBe('');
    expect(done.stdout).toBe('complete -F _spider spider\n');
  });

  it('is built into dist/completions/ as the program prints it, for each shell', () => {
    expectBuilt();
    const files = { bash: 'spider', zsh: '_spider', fish: 'spider.fish' };
    for (const [shell, file] of Object.entries(files)) {
      const printed = spawnSync(process.execPath, ['bin/spider', 'completion', shell], {
        cwd: ROOT,
        encoding: 'utf8',
      }).stdout;
      expect(fs.readFileSync(path.join(ROOT, 'dist', 'completions', file), 'utf8')).toBe(printed);
      expect(printed).toBe(fs.readFileSync(scripts[shell], 'utf8'));
    }
  });

  it('offers options, their values and the commands', () => {
    expect(offered('spider', '--su')).toEqual(['--suits']);
    expect(offered('spider', '--suits', '')).toEqual(['1', '2', '4']);
    expect(offered('spider', '-r', '')).toEqual(['0', '1', '2', '3']);
    expect(offered('spider', '--deal', '')).toEqual(['pysol:', 'kpat:']);
    expect(offered('spider', '--deal', 'k')).toEqual(['kpat:']);
    expect(offered('spider', '--color', '')).toEqual(['auto', 'always', 'never']);
    expect(offered('spider', '--cards', '')).toEqual(['auto', 'small', 'large']);
    expect(offered('spider', 'deal', '--scoring', 'm')).toEqual(['microsoft']);
    expect(offered('spider', 're')).toEqual(['replay', 'resume']);
    expect(offered('spider', '')).toEqual([...COMMANDS, 'help']);
    expect(offered('spider', 'help', 's')).toEqual(['solve', 'serve', 'stats', 'saves']);
    expect(offered('spider', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    // --suits=<TAB>: bash splits the word at the =.
    expect(offered('spider', '--suits', '=')).toEqual(['1', '2', '4']);
    expect(offered('spider', 'serve', '--relaxed', '=', '')).toEqual(['0', '1', '2', '3']);
    expect(offered('spider', 'serve', '--log-format', '')).toEqual(['text', 'json', 'journald']);
  });

  it('offers files where a record file goes, and nothing for a value to type', () => {
    expect(offered('spider', 'rec')).toEqual(['record.txt']);
    expect(offered('spider', '--ascii', '')).toEqual(['readme.md', 'record.txt']);
    expect(offered('spider', 'replay', '')).toEqual(['readme.md', 'record.txt']);
    expect(offered('spider', 'solve', '--json', 'r')).toEqual(['readme.md', 'record.txt']);
    expect(offered('spider', '--load', 'rea')).toEqual(['readme.md']);
    expect(offered('spider', 'deal', '')).toEqual([]);
    expect(offered('spider', 'deal', '--seed', '')).toEqual([]);
    // --deal pysol:<TAB>: bash splits the word at the colon; the number is typed.
    expect(offered('spider', '--deal', 'pysol', ':')).toEqual([]);
    expect(offered('spider', '--deal', 'pysol', ':', '')).toEqual([]);
    expect(offered('spider', 'serve', '--port', '')).toEqual([]);
    expect(offered('spider', 'serve', '--metrics', '')).toEqual([]);
    expect(offered('spider', 'serve', '--ban-list', 'rea')).toEqual(['readme.md']);
  });

  it("offers each command's options as its help lists them", async () => {
    for (const command of [undefined, ...COMMANDS]) {
      const words = command === undefined ? ['spider', '-'] : ['spider', command, '-'];
      expect({ command, options: offered(...words).sort() }).toEqual({
        command,
        options: await helpOptions(command),
      });
    }
  });
});

describe('the values offered', () => {
  it('are named by the help of the option offering them', () => {
    const program = commandTree('0');
    const options = [program, ...program.commands].flatMap((c) => c.options as Option[]);
    const valued = options.filter((o) => valuesOf(o) !== undefined);
    expect(valued.map((o) => o.long)).toEqual(
      expect.arrayContaining(['--suits', '--relaxed', '--deal', '--scoring', '--color', '--cards']),
    );
    for (const option of valued)
      for (const value of valuesOf(option)!)
        expect({ option: option.long, description: option.description }).toEqual({
          option: option.long,
          description: expect.stringContaining(value.replace(/:$/, '')),
        });
  });
});

/**
 * Completes $LINE in an interactive zsh (in a pseudo-terminal, zsh/zpty) that sourced $SCRIPT in
 * $HERE, printing each match on a line: compadd is wrapped to print what it is given. The markers
 * are written in two pieces ("<HI""T>") so that zsh echoing the commands typed, which may come
 * late on a busy machine, never reads as one.
 */
const ZSH_HARNESS = `zmodload zsh/zpty || exit 3
zpty z zsh -f -i
zpty -w z "module_path=(\${(q)module_path[@]}); fpath=(\${(q)fpath[@]}); PROMPT="
zpty -w z 'autoload -U compinit; compinit -u -D; source \${SCRIPT}'
zpty -w z 'zstyle ":completion:*" list-grouped false; zstyle ":completion:*" insert-tab false'
zpty -w z 'compprefuncs=( nolist ); nolist() { compstate[list]= ; }'
zpty -w z 'compadd () { local -a hits; builtin compadd -O hits "$@"; (( $#hits )) && print -rl -- "<HI""T>"\${^hits}; builtin compadd "$@" }'
zpty -w z 'zle -N done-marker; done-marker() { print "<DO""NE>" }; bindkey "^I" complete-word; bindkey "^X" done-marker'
zpty -w z "cd \${(q)HERE}"
zpty -w z "$LINE"$'\t\x18'
local line
for (( i = 0; i < 2000; i++ )); do
  zpty -r z line || break
  [[ $line == *'<DONE>'* ]] && break
  [[ $line == *'<HIT>'* ]] && print -r -- "\${\${line#*<HIT>}%%$'\r'*}"
done
zpty -d z
`;

describe('zsh', () => {
  const text = () => fs.readFileSync(scripts.zsh, 'utf8');

  it('is a completion function for spider, with every command and option', async () => {
    expect(text()).toMatch(/^#compdef spider\n/);
    for (const command of COMMANDS) {
      expect(text()).toContain(`\n_spider_command_${command}() {\n  _arguments -S`);
      for (const name of await helpOptions(command))
        expect(text()).toMatch(new RegExp(`\\)?${name}=?\\[`));
    }
    expect(text()).toContain(":scheme\\:n:_spider_prefixes pysol\\: kpat\\:'");
    expect(text()).toContain("'(-s --suits)--suits=[suits in the deck\\: 1, 2 or 4]:n:(1 2 4)'");
    // Every line's single quotes pair up, comments aside: none is left open.
    for (const line of text()
      .split('\n')
      .filter((l) => !l.trim().startsWith('#')))
      expect(line.replace(/'\\''/g, '').split("'").length % 2).toBe(1);
  });

  it('is read by zsh, and registered by compinit', () => {
    expect(spawnSync('zsh', ['-n', scripts.zsh], { encoding: 'utf8' }).stderr).toBe('');
    const done = spawnSync(
      'zsh',
      [
        '-f',
        '-c',
        `autoload -U compinit; compinit -u -D; source '${scripts.zsh}'; print $_comps[spider]`,
      ],
      { encoding: 'utf8' },
    );
    expect(done.stderr).toBe('');
    expect(done.stdout).toBe('_spider\n');
  });

  it('offers in zsh what bash offers', () => {
    const offered = (line: string) => {
      const done = spawnSync('zsh', ['-f', '-c', ZSH_HARNESS], {
        encoding: 'utf8',
        env: { ...process.env, SCRIPT: scripts.zsh, HERE: folder, LINE: line },
        timeout: 20_000,
      });
      expect(done.stderr).toBe('');
      return [...new Set(done.stdout.split('\n').filter((w) => w !== ''))].sort();
    };
    expect(offered('spider --su')).toEqual(['--suits']);
    expect(offered('spider --suits ')).toEqual(['1', '2', '4']);
    expect(offered('spider re')).toEqual(['replay', 'resume']);
    expect(offered('spider --deal ')).toEqual(['kpat:', 'pysol:']);
    expect(offered('spider rec')).toEqual(['record.txt']);
    expect(offered('spider --ascii ')).toEqual(['readme.md', 'record.txt']);
    expect(offered('spider replay ')).toEqual(['readme.md', 'record.txt']);
    expect(offered('spider completion ')).toEqual(['bash', 'fish', 'zsh']);
  }, 60_000);
});

describe('fish', () => {
  const text = () => fs.readFileSync(scripts.fish, 'utf8');

  it('completes spider with every command and option', async () => {
    expect(text()).toContain('\ncomplete -c spider -f\n');
    expect(text()).toContain(
      "\ncomplete -c spider -n '__spider_using deal' -s s -l suits -x -a '1 2 4' -d 'suits in the deck: 1, 2 or 4'\n",
    );
    expect(text()).toContain("-l deal -x -a 'pysol: kpat:'");
    expect(text()).toContain("\ncomplete -c spider -n '__spider_using replay' -F\n");
    for (const command of COMMANDS)
      for (const name of await helpOptions(command))
        expect(text()).toContain(
          `-n '__spider_using ${command}' ${name.startsWith('--') ? '' : '-s '}`.trimEnd(),
        );
  });

  it('is read by fish, which offers what bash offers', () => {
    expect(spawnSync('fish', ['-n', scripts.fish], { encoding: 'utf8' }).stderr).toBe('');
    const offered = (line: string) => {
      const done = spawnSync(
        'fish',
        ['--no-config', '-c', `source '${scripts.fish}'; complete -C '${line}'`],
        { cwd: folder, encoding: 'utf8' },
      );
      expect(done.stderr).toBe('');
      return done.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t')[0])
        .sort();
    };
    expect(offered('spider --su')).toEqual(['--suits']);
    expect(offered('spider --suits ')).toEqual(['1', '2', '4']);
    expect(offered('spider re')).toEqual(['replay', 'resume']);
    expect(offered('spider --deal ')).toEqual(['kpat:', 'pysol:']);
    expect(offered('spider rec')).toEqual(['record.txt']);
    expect(offered('spider replay ')).toEqual(['readme.md', 'record.txt']);
    expect(offered('spider deal --seed ')).toEqual([]);
    expect(offered('spider completion ')).toEqual(['bash', 'fish', 'zsh']);
  });
});

describe('a shell it has no script for', () => {
  it('is refused with the shells it has, status 2', async () => {
    expect(await spider(['completion'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'spider: completion needs a shell: bash, zsh or fish (spider completion bash)\n',
      seedsPicked: 0,
    });
    const tcsh = await spider(['completion', 'tcsh']);
    expect(tcsh).toMatchObject({ status: 2, stdout: '' });
    expect(tcsh.stderr).toBe(
      "spider: no completion for the shell 'tcsh': the shells are bash, zsh and fish\n",
    );
    expect((await spider(['completion', 'bash', 'zsh'])).status).toBe(2);
  });
});
