import { spawnSync } from 'child_process';
import * as path from 'path';
import { loginCommand, playCommand, shellQuote, shellWords } from '../../src/notation';
import { exitSummary, keptOf, outcomeOf } from '../../src/ui/summary';
import { wrapWords } from '../../src/ui/wrap';
import { bySeed } from '../../src/engine';

const ROOT = path.join(__dirname, '..', '..');

/** What a real shell makes of a quoted word: the argument the program would get. */
function throughShell(shell: string, quoted: string, env?: NodeJS.ProcessEnv): string {
  const result = spawnSync(shell, ['-c', `printf '%s' ${quoted}`], { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${shell} failed: ${result.stderr}`);
  return result.stdout;
}

const SEEDS = [
  '42',
  'my lucky deal',
  "it's",
  'a"b$c`d\\e!f*g?h[i]~',
  '-starts-with-a-dash',
  'Spider ♠',
  'a\u200bb',
  'rtl\u202eltr',
  'line\u2028sep',
  'no-break\u00a0space',
  'é e\u0301 世界 😀',
];

describe('shellQuote', () => {
  it.each(SEEDS)('bash gets %j back exactly', (seed) => {
    expect(throughShell('bash', shellQuote(seed))).toBe(seed);
  });

  it('uses no quotes where none are needed, and plain single quotes where they do', () => {
    expect(shellQuote('42')).toBe('42');
    expect(shellQuote('my lucky deal')).toBe("'my lucky deal'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    // Plain single quotes are POSIX: dash reads them too.
    expect(throughShell('sh', shellQuote("it's a $deal"))).toBe("it's a $deal");
  });

  it.each(SEEDS)('for a terminal that is not UTF-8, bash gets %j back from ASCII alone', (seed) => {
    const quoted = shellQuote(seed, true);
    expect(quoted).toMatch(/^[\x20-\x7e]*$/);
    // The terminal is not UTF-8, and nor may the shell's locale be: C reads octal escapes alone.
    expect(throughShell('bash', quoted, { PATH: process.env.PATH, LC_ALL: 'C' })).toBe(seed);
    expect(throughShell('bash', quoted, { PATH: process.env.PATH, LC_ALL: 'C.UTF-8' })).toBe(seed);
  });

  it('escapes characters that would not show, so the command can be read and copied', () => {
    expect(shellQuote('a\u200bb')).toBe("$'a\\u200bb'");
    expect(shellQuote('rtl\u202eltr')).not.toMatch(/\u202e/);
    // A space that is not the space would be typed as one: it is escaped too.
    expect(shellQuote('a\u00a0b')).toBe("$'a\\u00a0b'");
  });
});

describe('the command that plays the deal again', () => {
  it('names the suits always, and the other rules when they are not the defaults', () => {
    expect(playCommand(bySeed('9'), { suits: 2, relaxed: 0, keepSuits: false })).toBe(
      'spider --seed 9 --suits 2',
    );
    expect(playCommand(bySeed('my deal'), { suits: 4, relaxed: 2, keepSuits: true })).toBe(
      "spider --seed 'my deal' --suits 4 --relaxed 2 --keep-suits",
    );
    expect(playCommand(bySeed('-h'), { suits: 4, relaxed: 0, keepSuits: false })).toBe(
      'spider --seed=-h --suits 4',
    );
    expect(playCommand(bySeed('- x'), { suits: 4, relaxed: 0, keepSuits: false })).toBe(
      "spider --seed='- x' --suits 4",
    );
  });

  it('deals exactly the same game when a shell runs it', () => {
    const rules = { suits: 2, relaxed: 1, keepSuits: true } as const;
    // A seed written like an option (the help's, the version's, another's) is still the seed.
    for (const seed of [
      'my lucky deal',
      'a\u200bb',
      "it's",
      '-h',
      '--help',
      '-V',
      '--json',
      '-5',
    ]) {
      const args = playCommand(bySeed(seed), rules).replace(/^spider /, '');
      const viaShell = spawnSync(
        'bash',
        ['-c', `"$0" "$1" deal --json --reveal ${args}`, process.execPath, 'bin/spider'],
        { cwd: ROOT, encoding: 'utf8' },
      );
      const direct = spawnSync(
        process.execPath,
        ['bin/spider', 'deal', '--json', '--reveal', `--seed=${seed}`, '--suits', '2'],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(viaShell.status).toBe(0);
      const dealt = JSON.parse(viaShell.stdout);
      expect(dealt).toMatchObject({ seed, suits: 2, relaxed: 1, keepSuits: true });
      expect(dealt.columns).toEqual(JSON.parse(direct.stdout).columns);
    }
  });
});

describe('exitSummary', () => {
  const facts = {
    deal: bySeed('my lucky deal'),
    rules: { suits: 2, relaxed: 0, keepSuits: false },
    outcome: 'saved for next time',
    moves: 1,
    scoring: 'woods',
    score: 12,
  } as const;

  it('writes ASCII alone for a terminal that is not UTF-8: ? per column, escapes in the command', () => {
    const lines = exitSummary({ ...facts, deal: bySeed('é☃世') }, 80, true);
    expect(lines.join('\n')).toMatch(/^[\x20-\x7e\n]*$/);
    // é and ☃ take a column each, 世 two.
    expect(lines[0]).toMatch(/^Spider seed \?{4} \(2 suits/);
    expect(lines[lines.length - 1]).toBe(
      "  spider --seed $'\\303\\251\\342\\230\\203\\344\\270\\226' --suits 2",
    );
    expect(exitSummary({ ...facts, deal: bySeed('é☃世') }, 80)[0]).toMatch(/^Spider seed é☃世 /);
    // The warnings repeated before it too.
    const warned = { ...facts, warnings: ['Moved to /home/zoë/x.bad.'] };
    expect(exitSummary(warned, 80, true)[0]).toBe('Moved to /home/zo?/x.bad.');
    expect(exitSummary(warned, 80)[0]).toBe('Moved to /home/zoë/x.bad.');
  });

  it('says the time played after the moves, when it is given (docs/playing.md, "The clock")', () => {
    const timed = exitSummary({ ...facts, playedMs: 3_725_000 }, 200)[0];
    expect(timed).toContain(': saved for next time, 1 move, time 1:02:05, woods score 12.');
    expect(exitSummary(facts, 200)[0]).toContain(': saved for next time, 1 move, woods score 12.');
  });

  it('wraps the prose at words and puts the command alone on the last line', () => {
    const lines = exitSummary(facts, 40);
    for (const line of lines.slice(0, -1)) expect(Array.from(line).length).toBeLessThanOrEqual(40);
    expect(lines.slice(0, -1).join(' ')).toBe(
      'Spider seed my lucky deal (2 suits, relaxed 0, suits removed at once): saved for next time, 1 move, woods score 12. Play this deal again with:',
    );
    expect(lines[lines.length - 1]).toBe("  spider --seed 'my lucky deal' --suits 2");
  });

  it('tells a player over SSH how to log in again: to go on, or to deal the game again', () => {
    const login = { login: 'ssh -t -p 2222 games.example' };
    const kept = exitSummary({ ...facts, remote: login }, 200);
    expect(kept.slice(0, -1).join(' ')).toMatch(
      /woods score 12\. Its moves: ssh -p 2222 games\.example save 1 > game\.txt\. Log in again to go on with it:$/,
    );
    expect(kept.at(-1)).toBe('  ssh -t -p 2222 games.example');
    // Nothing to go on with: the deal by name, quoted for the server and for the player's shell.
    const won = exitSummary({ ...facts, outcome: 'won', remote: login }, 200);
    expect(won[0]).toMatch(/: won, 1 move, woods score 12\. Play this deal again with:$/);
    expect(won[1]).toBe("  ssh -t -p 2222 games.example 'seed '\\''my lucky deal'\\'' suits 2'");
    const plain = exitSummary(
      { ...facts, deal: { scheme: 'pysol', key: '123' }, outcome: 'lost', remote: login },
      200,
    );
    expect(plain[1]).toBe('  ssh -t -p 2222 games.example deal pysol:123 suits 2');
    for (const line of [...kept, ...won, ...plain]) expect(line).not.toMatch(/install|spider --/);
  });

  it('names over SSH a deal as the login reads it back, whatever its seed holds', () => {
    const rules = { suits: 4, relaxed: 1, keepSuits: true } as const;
    for (const seed of ['fox', 'my fox', "it's", '-h', '$HOME; id']) {
      const command = loginCommand('ssh -t HOST', bySeed(seed), rules);
      // The player's shell gives ssh the words after the host; the server splits their line.
      const sent = shellWords(command);
      expect(sent.ok && sent.words.slice(0, 3)).toEqual(['ssh', '-t', 'HOST']);
      const line = sent.ok ? sent.words.slice(3).join(' ') : '';
      const read = shellWords(line);
      expect(read.ok && read.words).toEqual([
        'seed',
        seed,
        'suits',
        '4',
        'relaxed',
        '1',
        'keep-suits',
      ]);
    }
  });

  it('starts the command with what starts spider where the player is (docs/playing.md, "Leaving")', () => {
    const lines = exitSummary({ ...facts, program: "'/opt/my games/bin/spider'" }, 200);
    expect(lines[1]).toBe("  '/opt/my games/bin/spider' --seed 'my lucky deal' --suits 2");
  });

  it('says what became of the game, and which save the next start resumes when one failed', () => {
    const left = { status: 'playing', unsaved: null, savedAt: null, touched: true } as const;
    expect(outcomeOf(left)).toBe('saved for next time');
    expect(outcomeOf({ ...left, touched: false })).toBe('not started');
    expect(outcomeOf({ ...left, status: 'won' })).toBe('won');
    expect(outcomeOf({ ...left, unsaved: 'disk full (~/games)' })).toBe(
      'NOT saved (disk full (~/games))',
    );
    expect(keptOf({ ...left, unsaved: 'disk full (~/games)' })).toBeUndefined();
    const failed = { ...left, unsaved: 'disk full (~/games)', savedAt: 12 };
    expect(outcomeOf(failed)).toBe('NOT saved since move 12 (disk full (~/games))');
    expect(keptOf(failed)).toBe('The save made at move 12 is kept.');
    // A game touched but with no move kept (all undone, or a peek alone) was saved at the deal.
    expect(outcomeOf({ ...left, unsaved: 'disk full', savedAt: 0 })).toBe(
      'NOT saved since the deal (disk full)',
    );
    expect(keptOf({ ...left, unsaved: 'disk full', savedAt: 0 })).toBe(
      'The save made at the deal is kept.',
    );
    // Said after the game's own moves and score, so that they are not read as the save's.
    const prose = exitSummary(
      { ...facts, moves: 3, outcome: outcomeOf(failed), kept: keptOf(failed) },
      80,
    )
      .slice(0, -1)
      .join(' ');
    expect(prose).toMatch(
      /: NOT saved since move 12 \(disk full \(~\/games\)\), 3 moves, woods score 12\. The save made at move 12 is kept\. Play this deal again with:$/,
    );
  });

  it("shows a seed's invisible characters escaped in the prose", () => {
    expect(exitSummary({ ...facts, deal: bySeed('a\u200bb') }, 80)[0]).toContain(
      'seed a\\u{200b}b',
    );
  });

  it('breaks at spaces, and cuts only a word longer than a whole line', () => {
    expect(wrapWords('one two three', 7)).toEqual(['one two', 'three']);
    expect(wrapWords('a verylongword b', 5)).toEqual(['a', 'veryl', 'ongwo', 'rd b']);
  });
});

describe('shellWords', () => {
  const words = (line: string) => {
    const split = shellWords(line);
    return split.ok ? split.words : `refused: ${split.reason}`;
  };

  it('splits at blanks, as a shell does', () => {
    expect(words('suits 1  seed\tfox')).toEqual(['suits', '1', 'seed', 'fox']);
    expect(words('  ')).toEqual([]);
    expect(words('--deal pysol:123')).toEqual(['--deal', 'pysol:123']);
  });

  it('keeps quoted text whole, escapes as a shell reads them, and empty quotes as a word', () => {
    expect(words(`seed 'my fox'`)).toEqual(['seed', 'my fox']);
    expect(words(`seed "it's \\"x\\" \\\\ \\n"`)).toEqual(['seed', 'it\'s "x" \\ \\n']);
    expect(words(`seed my\\ fox`)).toEqual(['seed', 'my fox']);
    expect(words(`seed ''`)).toEqual(['seed', '']);
    expect(words(`a'b'"c"d`)).toEqual(['abcd']);
  });

  it('expands and runs nothing', () => {
    expect(words('seed $HOME *; rm -rf ~ `id` $(id) | cat')).toEqual([
      'seed',
      '$HOME',
      '*;',
      'rm',
      '-rf',
      '~',
      '`id`',
      '$(id)',
      '|',
      'cat',
    ]);
  });

  it('reads back what shellQuote quotes in single quotes, as a shell would', () => {
    for (const word of ['fox', 'my fox', "it's", '-h', '$HOME', 'a\\b', '"', 'é☃世'])
      expect(words(shellQuote(word))).toEqual([word]);
  });

  it('says why a line cannot be split', () => {
    expect(words(`seed 'fox`)).toBe("refused: a ' quote is not closed");
    expect(words(`seed "fox`)).toBe('refused: a " quote is not closed');
    expect(words(`seed fox\\`)).toBe('refused: it ends with a lone \\');
  });
});
