/**
 * The game a login names (docs/serve.md, "Choosing the game at login"), with the server's rules
 * pinned: a login that names other rules is refused, and the new-game panel chooses the deal
 * alone. The real OpenSSH client's side is test/e2e/serve.test.ts.
 */
import type { Client } from 'ssh2';
import { loginChoice } from '../../src/cli/login-choice';
import { connect, KEYS, serve, type Terminal, terminal } from '../helpers/ssh';

jest.setTimeout(30_000);

const RULES = { suits: 1, relaxed: 0, keepSuits: false } as const;

/** `ssh -t HOST COMMAND`: a command with a terminal. */
function execWithTerminal(client: Client, command: string): Promise<Terminal> {
  return new Promise((resolve, reject) =>
    client.exec(
      command,
      { pty: { term: 'xterm-256color', cols: 80, rows: 24 } },
      (error, channel) => (error ? reject(error) : resolve(terminal(channel))),
    ),
  );
}

describe('spider serve --fixed-rules', () => {
  it('refuses other rules at login, takes a deal, and the panel shows the rules fixed', async () => {
    const { port } = await serve({
      rules: RULES,
      fixedRules: true,
      login: (command) => loginChoice(command, RULES, true),
    });
    const refused = await execWithTerminal(await connect(port, { key: KEYS[0] }), 'suits 4');
    expect(await refused.exited).toBe(1);
    expect(refused.text()).toContain(
      'spider: this server plays only 1 suit, relaxed 0; the rest can be chosen.',
    );

    const seeded = await execWithTerminal(await connect(port, { key: KEYS[0] }), "seed 'my fox'");
    await seeded.waitFor(/seed my fox {2}1 suit/);
    seeded.channel.write('n');
    await seeded.waitFor('fixed by this server: choose the deal below');
    // Up goes nowhere but the deal; Left turns the deal, never a rule.
    seeded.channel.write('\x1b[A');
    seeded.channel.write('\x1b[D');
    await seeded.waitFor(/>Deal +random +seed +PySolFC +KPat +daily +\[winnable\]/);
    expect(seeded.screen()).toMatch(/Suits +\[1 suit\] +2 suits +4 suits/);
    seeded.channel.write('\x1b');
    seeded.channel.write('q');
    expect(await seeded.exited).toBe(0);
  });
});
