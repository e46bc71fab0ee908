import { bySeed } from '../../src/engine';
import { loginChoice } from '../../src/cli/login-choice';

const SERVER = { suits: 4, relaxed: 0, keepSuits: false } as const;

/** The choice a login's command makes on a server of `SERVER` rules, or its refusal. */
function chosen(line: string, fixed = false) {
  const read = loginChoice(line, SERVER, fixed);
  return read.ok ? read.choice : read.message;
}

describe('loginChoice (docs/serve.md, "Choosing the game at login")', () => {
  it('names nothing with an empty command: the server rules, no deal', () => {
    expect(chosen('')).toEqual({ rules: SERVER, named: {}, fresh: false });
    expect(chosen('   ')).toEqual({ rules: SERVER, named: {}, fresh: false });
  });

  it('reads the plain words and the options alike', () => {
    const daily = { rules: { ...SERVER, suits: 1 }, named: { suits: 1 }, choose: 'daily' };
    expect(chosen('daily suits 1')).toEqual({ ...daily, fresh: false });
    expect(chosen('--daily --suits 1')).toEqual({ ...daily, fresh: false });
    expect(chosen('--daily -s 1')).toEqual({ ...daily, fresh: false });
    expect(chosen("suits 2 seed 'my fox' new")).toEqual({
      rules: { ...SERVER, suits: 2 },
      named: { suits: 2 },
      deal: bySeed('my fox'),
      fresh: true,
    });
    expect(chosen('deal pysol:123 keep-suits relaxed 2')).toEqual({
      rules: { suits: 4, relaxed: 2, keepSuits: true },
      named: { relaxed: 2, keepSuits: true },
      deal: { scheme: 'pysol', key: '123' },
      fresh: false,
    });
    expect(chosen('winnable --seed=fox')).toMatch(/'--seed=fox' is not something/);
    expect(chosen('--winnable --seed=fox')).toEqual({
      rules: SERVER,
      named: {},
      deal: bySeed('fox'),
      choose: 'winnable',
      fresh: false,
    });
  });

  it('refuses anything else with the checks and words of the command line, and what is accepted', () => {
    const accepted = /after the host, name the game: daily, winnable, new, seed S, deal pysol:N/;
    for (const [line, why] of [
      ['ls -la', /^spider: 'ls' is not something a login can name\. /],
      ['cat /etc/passwd', /^spider: 'cat' is not something/],
      ['--load /etc/passwd', /^spider: unknown option '--load'/],
      ['suits 3', /^spider: --suits must be 1, 2 or 4, not '3'/],
      ['seed', /^spider: seed needs a value: the deal to play/],
      ['--seed', /^spider: option '--seed <seed>' needs a value/],
      ['deal pysol:0', /^spider: --deal 'pysol:0' is not a deal: /],
      ['daily seed fox', /^spider: --daily plays the day's deal: give --daily or a deal/],
      ['seed a deal b', /^spider: --seed and --deal name the deal two ways/],
      ["seed 'fox", /^spider: the command cannot be read: a ' quote is not closed\. /],
      ['--daily extra', /^spider: too many arguments/],
      ['--help', /^spider: unknown option '--help'/],
    ] as const) {
      const message = chosen(line);
      expect(message).toMatch(why);
      expect(message).toMatch(accepted);
    }
  });

  it('with the rules pinned, refuses other rules and takes the rest', () => {
    expect(chosen('suits 1', true)).toMatch(
      /^spider: this server plays only 4 suits, relaxed 0; the rest can be chosen\. /,
    );
    expect(chosen('suits 4 daily', true)).toEqual({
      rules: SERVER,
      named: { suits: 4 },
      choose: 'daily',
      fresh: false,
    });
  });
});
