// The terminal harness itself, driven with small stand-in programs instead of the game.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CLEAN_MODES, ownSockets, TerminalSession, tmuxSocketDir, processRunning } from './tmux';

jest.setTimeout(20_000);

/** Control bytes made visible: ESC becomes `<1b>`. The stand-ins print their input this way. */
function show(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what it shows
    /[\x00-\x1f\x7f]/g,
    (c) => `<${c.charCodeAt(0).toString(16).padStart(2, '0')}>`,
  );
}

/**
 * A node program that writes `setup` to the terminal, switches to raw mode, prints READY and then
 * shows everything it has read so far on the line after `in=`. Reading `r` writes `reset` and
 * prints RESET; Ctrl-D ends it with status 0.
 */
function echoer(setup = '', reset = ''): string[] {
  const script = `
    const show = ${show.toString()};
    const setup = ${JSON.stringify(setup)}, reset = ${JSON.stringify(reset)};
    process.stdout.write(setup);
    process.stdin.setRawMode(true);
    process.stdout.write('READY\\r\\n');
    let all = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (data) => {
      all += data;
      process.stdout.write('\\x1b[2;1H\\x1b[J' + 'in=' + show(all) + '\\r\\n');
      if (data.includes('r')) process.stdout.write(reset + 'RESET\\r\\n');
      if (data.includes('\\x04')) process.exit(0);
    });
  `;
  return [process.execPath, '-e', script];
}

const running = processRunning;

function serverAnswers(socket: string): boolean {
  return spawnSync('tmux', ['-L', socket, 'list-sessions'], { stdio: 'ignore' }).status === 0;
}

describe('start', () => {
  it('runs the command in an 80x24 xterm-256color terminal in this directory by default', () => {
    const term = TerminalSession.start([
      'sh',
      '-c',
      'stty size; echo "TERM=$TERM"; echo "cwd=$(pwd)"; read line',
    ]);
    const screen = term.waitFor('cwd=');
    expect(screen.split('\n').slice(0, 3)).toEqual([
      '24 80',
      'TERM=xterm-256color',
      `cwd=${process.cwd()}`,
    ]);
    expect(screen.split('\n')).toHaveLength(24);
    expect(term.size()).toEqual({ width: 80, height: 24 });
  });

  it('honours width, height, term and cwd', () => {
    const dir = fs.realpathSync(os.tmpdir());
    const term = TerminalSession.start(
      ['sh', '-c', 'stty size; echo "TERM=$TERM"; echo "cwd=$(pwd)"; read line'],
      { width: 100, height: 30, term: 'xterm', cwd: dir },
    );
    expect(term.waitFor('cwd=').split('\n').slice(0, 3)).toEqual([
      '30 100',
      'TERM=xterm',
      `cwd=${dir}`,
    ]);
    expect(term.screen().split('\n')).toHaveLength(30);
  });

  it('passes environment variables, and keeps an outer size or colour level out', () => {
    const saved = { ...process.env };
    Object.assign(process.env, { COLUMNS: '3', FORCE_COLOR: '1', SPIDER_E2E_DROP: 'x' });
    try {
      const names = ['A', 'B', 'C', 'COLUMNS', 'FORCE_COLOR', 'SPIDER_E2E_DROP', 'TMUX_PANE'];
      const term = TerminalSession.start(
        [
          process.execPath,
          '-e',
          `const e = process.env, names = ${JSON.stringify(names)};
           console.log('env=' + JSON.stringify(names.map((n) => n in e ? n + '=' + e[n] : n + ' unset')));`,
        ],
        {
          width: 200,
          env: {
            A: 'plain',
            B: 'spaces, $dollar, "quotes", \\back',
            C: 'ends with;',
            SPIDER_E2E_DROP: undefined,
          },
        },
      );
      const line = /^env=(.*)$/m.exec(term.waitFor(/^env=.*\]$/m))?.[1] ?? '';
      const env = JSON.parse(line) as string[];
      expect(env.slice(0, 6)).toEqual([
        'A=plain',
        'B=spaces, $dollar, "quotes", \\back',
        'C=ends with;',
        'COLUMNS unset',
        'FORCE_COLOR unset',
        'SPIDER_E2E_DROP unset',
      ]);
      expect(env[6]).toMatch(/^TMUX_PANE=%\d+$/); // tmux's own, for this pane
      expect(term.waitForExit()).toBe(0);
    } finally {
      process.env = saved;
    }
  });

  it('runs a one-word command as the pane process itself, not under a shell', () => {
    const term = TerminalSession.start(['cat']);
    const pid = term.pid();
    expect(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).toBe('cat');
    term.sendKeys('C-d');
    expect(term.waitForExit()).toBe(0);
  });
});

describe('waitFor', () => {
  it('finds a string, a pattern or a predicate and returns the screen', () => {
    const term = TerminalSession.start(['sh', '-c', 'echo one; echo two three; read line']);
    expect(term.waitFor('two')).toMatch(/^one\ntwo three\n/);
    expect(term.waitFor(/^two (\w+)$/m)).toContain('three');
    expect(term.waitFor(/three/g)).toContain('three'); // a global pattern keeps no state
    expect(term.waitFor(/three/g)).toContain('three');
    expect(term.waitFor((screen) => screen.split('\n')[1] === 'two three')).toContain('one');
  });

  it('times out with what it awaited and the last screen in the message', () => {
    const term = TerminalSession.start(['sh', '-c', 'echo "what the terminal shows"; read line']);
    term.waitFor('shows');
    const started = Date.now();
    let message = '';
    try {
      term.waitFor('never shown', 300);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(message).toContain('timed out after 300 ms');
    expect(message).toContain('"never shown"');
    expect(message).toContain('|what the terminal shows\n');
    expect(() => term.waitFor(/nor this/, 50)).toThrow(/\/nor this\/[^]*what the terminal shows/);
    expect(() => term.waitFor((s) => s.includes('#!'), 50)).toThrow(/s\.includes\('#!'\)/);
  });

  it('stops waiting as soon as the program has ended', () => {
    const term = TerminalSession.start(['sh', '-c', 'echo goodbye; exit 4']);
    const started = Date.now();
    expect(() => term.waitFor('never shown', 5000)).toThrow(
      /the program ended \(status 4\)[^]*\|goodbye/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('waitForGone waits until the text has left the screen', () => {
    const term = TerminalSession.start([
      'sh',
      '-c',
      // One write clears the screen and puts "idle" on it, so that no screen between the two
      // (blank: "busy" gone, "idle" not there yet) can be read.
      "echo busy; read line; printf '\\033[H\\033[2Jidle\\n'; read line",
    ]);
    term.waitFor('busy');
    term.sendKeys('Enter');
    expect(term.waitForGone('busy')).toContain('idle');
    expect(() => term.waitForGone('idle', 50)).toThrow(/"idle" to leave the screen[^]*\|idle/);
  });
});

describe('screen', () => {
  it('has one line per row with trailing spaces removed, and colours on request', () => {
    const term = TerminalSession.start(
      [
        'sh',
        '-c',
        "printf 'plain   \\n\\033[31mred\\033[0m  \\n\\342\\231\\240 spade\\n'; read line",
      ],
      { width: 20, height: 5 },
    );
    expect(term.waitFor('spade')).toBe('plain\nred\n♠ spade\n\n');
    expect(term.screenWithColours().split('\n')[1]).toBe('\x1b[31mred\x1b[39m');
    expect(term.cursor()).toEqual({ x: 0, y: 3 });
  });
});

describe('keys', () => {
  it('sendKeys sends key names and text, type sends text literally', () => {
    const term = TerminalSession.start(echoer(), { width: 200 });
    term.waitFor('READY');
    term.sendKeys('Escape', 'Enter', 'C-l', 'Up', 'Tab', 'BSpace', 'F1', 'Space', 'abc');
    term.type('Enter');
    term.type(';');
    term.type('-x;');
    term.type('é♠');
    term.sendKeys(';', '-q');
    term.waitFor(`in=${show('\x1b\r\x0c\x1b[A\t\x7f\x1bOP abcEnter;-x;é♠;-q')}\n`);
  });

  it('arrow keys follow the cursor key mode the program sets, as in a real terminal', () => {
    const term = TerminalSession.start(echoer('\x1b[?1h'), { width: 200 });
    term.waitFor('READY');
    expect(term.terminalModes().keypadCursor).toBe(true);
    term.sendKeys('Up', 'Left');
    term.waitFor(`in=${show('\x1bOA\x1bOD')}\n`);
  });
});

describe('resize', () => {
  it('changes the size the program sees, and it gets SIGWINCH', () => {
    const term = TerminalSession.start([
      process.execPath,
      '-e',
      `const size = () => console.log('size=' + process.stdout.columns + 'x' + process.stdout.rows);
       size(); process.stdout.on('resize', size); setInterval(() => {}, 1000);`,
    ]);
    term.waitFor('size=80x24');
    term.resize(100, 30);
    expect(term.size()).toEqual({ width: 100, height: 30 });
    term.waitFor('size=100x30');
    expect(term.screen().split('\n')).toHaveLength(30);
    term.resize(40, 10);
    term.waitFor('size=40x10');
    expect(term.screen().split('\n')).toHaveLength(10);
  });
});

describe('terminalModes', () => {
  it('sees alternate screen, mouse mode, hidden cursor and keypad go on and off again', () => {
    const on = '\x1b[?1049h\x1b[?1002h\x1b[?1006h\x1b[?25l\x1b[?1h\x1b=';
    const off = '\x1b[?1049l\x1b[?1002l\x1b[?1006l\x1b[?25h\x1b[?1l\x1b>';
    const term = TerminalSession.start(
      [
        process.execPath,
        '-e',
        `process.stdin.setRawMode(true); console.log('START');
         process.stdin.on('data', (d) => {
           if (d.includes('o')) process.stdout.write(${JSON.stringify(on)} + 'MODES ON');
           if (d.includes('r')) process.stdout.write(${JSON.stringify(off)} + 'MODES OFF');
           if (d.includes('q')) process.exit(0);
         });`,
      ],
      { width: 40, height: 6 },
    );
    term.waitFor('START');
    expect(term.terminalModes()).toEqual(CLEAN_MODES);

    term.sendKeys('o');
    expect(term.waitFor('MODES ON')).not.toContain('START'); // the alternate screen
    expect(term.terminalModes()).toEqual({
      ...CLEAN_MODES,
      alternateScreen: true,
      cursorVisible: false,
      mouseAny: true,
      mouseButton: true,
      mouseSgr: true,
      keypad: true,
      keypadCursor: true,
    });

    term.sendKeys('r');
    expect(term.waitFor('MODES OFF')).toBe('START\nMODES OFF\n\n\n\n');
    expect(term.terminalModes()).toEqual(CLEAN_MODES);
    term.sendKeys('q');
    expect(term.waitForExit()).toBe(0);
  });

  it('after the program has ended, still tells whether it left the terminal clean', () => {
    // tmux hides a dead pane's cursor: the harness reads the program's output for that flag.
    const clean = TerminalSession.start([
      'sh',
      '-c',
      "printf '\\033[?1049h\\033[?25l\\033[?1000h\\033[?1000l\\033[?1049l\\033[?12l\\033[?25h'",
    ]);
    expect(clean.waitForExit()).toBe(0);
    expect(clean.terminalModes()).toEqual(CLEAN_MODES);
    expect(clean.output()).toBe(
      '\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1000l\x1b[?1049l\x1b[?12l\x1b[?25h',
    );

    const messy = TerminalSession.start([
      'sh',
      '-c',
      "printf '\\033[?1049h\\033[?1002h\\033[?1006h\\033[?25lbye'; exit 1",
    ]);
    expect(messy.waitForExit()).toBe(1);
    expect(messy.terminalModes()).toEqual({
      ...CLEAN_MODES,
      alternateScreen: true,
      cursorVisible: false,
      mouseAny: true,
      mouseButton: true,
      mouseSgr: true,
    });
    expect(messy.output().endsWith('\x1b[?25lbye')).toBe(true);
  });

  it('tells the mouse modes apart', () => {
    const term = TerminalSession.start(echoer('\x1b[?1000h\x1b[?1005h'));
    term.waitFor('READY');
    expect(term.terminalModes()).toMatchObject({
      mouseAny: true,
      mouseStandard: true,
      mouseButton: false,
      mouseAll: false,
      mouseSgr: false,
      mouseUtf8: true,
    });
  });
});

describe('mouse', () => {
  it('delivers clicks, drags and the wheel as SGR sequences at 0-based cells', () => {
    const term = TerminalSession.start(echoer('\x1b[?1002h\x1b[?1006h'), { width: 200 });
    term.waitFor('READY');
    term.click(4, 2);
    term.waitFor(`in=${show('\x1b[<0;5;3M\x1b[<0;5;3m')}\n`);
    term.press(0, 0);
    term.drag(3, 1);
    term.release(3, 1);
    term.click(79, 23, { button: 'right', ctrl: true });
    term.scroll(1, 1, 'down');
    term.waitFor(
      show('\x1b[<0;1;1M\x1b[<32;4;2M\x1b[<0;4;2m\x1b[<18;80;24M\x1b[<18;80;24m\x1b[<65;2;2M') +
        '\n',
    );
  });

  it('refuses events the program has not asked for, unless forced', () => {
    const term = TerminalSession.start(echoer('\x1b[?1000h\x1b[?1006h'), { width: 200 });
    term.waitFor('READY');
    expect(() => term.drag(1, 1)).toThrow(/not enabled motion reporting[^]*\|READY/);
    term.click(1, 1);
    term.waitFor(show('\x1b[<0;2;2M\x1b[<0;2;2m'));

    const plain = TerminalSession.start(echoer(), { width: 200 });
    plain.waitFor('READY');
    expect(() => plain.click(0, 0)).toThrow(/not enabled mouse reporting/);
    plain.click(0, 0, { force: true });
    plain.waitFor(show('\x1b[<0;1;1M\x1b[<0;1;1m'));
  });
});

describe('exit status and signals', () => {
  it('reads the exit code, and the screen stays as the program left it', () => {
    const term = TerminalSession.start(['sh', '-c', 'echo done; exit 3'], { height: 4 });
    expect(term.waitForExit()).toBe(3);
    expect(term.exitStatus()).toEqual({ code: 3, signal: null });
    expect(term.screen()).toBe('done\n\n\n');
  });

  it('gives the pid of the program for signals, and reports the signal that ended it', () => {
    const term = TerminalSession.start(['sh', '-c', 'echo "pid=$$"; exec sleep 30']);
    const pid = term.pid();
    term.waitFor(`pid=${pid}`);
    expect(term.exitStatus()).toBeNull();
    expect(() => term.waitForExit(100)).toThrow(/waiting for the program to end[^]*\|pid=/);
    process.kill(pid, 'SIGTERM');
    expect(term.waitForExit()).toBe(128 + 15);
    expect(term.exitStatus()).toEqual({ code: null, signal: 15 });
  });
});

describe('cleanup', () => {
  let leftOver = '';
  let shared: TerminalSession;

  beforeAll(() => {
    shared = TerminalSession.start(['sh', '-c', 'echo shared; read line']);
  });

  it('kill() stops the server, removes its socket and the program, even one ignoring SIGHUP', () => {
    const term = TerminalSession.start(['sh', '-c', 'trap "" HUP; echo ready; exec sleep 30']);
    term.waitFor('ready');
    const pid = term.pid();
    const socket = path.join(tmuxSocketDir(), term.socket);
    expect(fs.existsSync(socket)).toBe(true);
    term.kill();
    term.kill(); // twice is fine
    expect(fs.existsSync(socket)).toBe(false);
    expect(serverAnswers(term.socket)).toBe(false);
    expect(running(pid)).toBe(false);
    expect(() => term.screen()).toThrow(/already killed/);
  });

  it('sessions run side by side without touching each other', () => {
    const a = TerminalSession.start(['sh', '-c', 'echo alpha; read line']);
    const b = TerminalSession.start(['sh', '-c', 'echo beta; read line']);
    expect(a.socket).not.toBe(b.socket);
    expect(a.waitFor('alpha')).not.toContain('beta');
    expect(b.waitFor('beta')).not.toContain('alpha');
    a.kill();
    expect(b.waitFor('beta')).toContain('beta');
    leftOver = b.socket; // not killed: the hooks must do it
  });

  it('a session a test left running is gone after that test', () => {
    expect(leftOver).not.toBe('');
    expect(serverAnswers(leftOver)).toBe(false);
    expect(fs.existsSync(path.join(tmuxSocketDir(), leftOver))).toBe(false);
  });

  it('a session started in beforeAll lives until the end of the file', () => {
    expect(shared.waitFor('shared')).toContain('shared');
    expect(ownSockets()).toEqual([shared.socket]);
  });

  it('killAll kills every live session', () => {
    const extra = TerminalSession.start(['sh', '-c', 'read line']);
    TerminalSession.killAll();
    expect(TerminalSession.liveCount()).toBe(0);
    expect(serverAnswers(extra.socket)).toBe(false);
    expect(serverAnswers(shared.socket)).toBe(false);
    expect(ownSockets()).toEqual([]);
  });
});
