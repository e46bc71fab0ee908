/**
 * The save store on a real file system (temporary folders only): atomic writes, lock files
 * between processes, and a start-up scan that sets aside every file it cannot trust.
 */
import { spawn, spawnSync, type ChildProcess } from 'child_process';
import fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  DEAL,
  type Game,
  move,
  movesKept,
  newGame,
  play,
  type Rules,
  undo,
  bySeed,
} from '../../src/engine';
import { formatRecord, formatSave } from '../../src/notation';
import { MAX_INPUT_BYTES } from '../../src/store/input';
import { localPlaces } from '../../src/store/paths';
import type { Claimed, Scan } from '../../src/store/save-scan';
import type { StoreNews } from '../../src/store/news';
import { MAX_SAVE_BYTES, SaveStore } from '../../src/store/saves';
import { storeNote } from '../../src/words/store';
import { bigRecord } from '../helpers/big-record';
import { bundle, boundUser, handOver } from '../helpers/bundle';

const RULES: Rules = { suits: 4, relaxed: 0, keepSuits: false };
const INFO = {
  elapsedMs: 1000,
  started: '2026-05-01T11:00:00.000Z',
  saved: '2026-05-01T12:00:00.000Z',
};
/** Seed 6, random play that leaves no legal action: a lost game. */
const LOST_LINE =
  '9-10/1 7-2/1 d 3-7/1 7-5/1 4-7/1 9-2/1 d 4-1/1 9-7/1 8-9/1 d 7-1/1 9-10/1 3-9/1 5-9/1 ' +
  '5-1/1 6-3/1 5-1/1 d 10-3/1 3-5/1 5-3/1 d 9-10/1 1-2/1 9-2/1 10-2/2';

const roots: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  jest.restoreAllMocks();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const root of roots.splice(0)) {
    // A test may leave a folder read-only.
    spawnSync('chmod', ['-R', 'u+rwx', root]);
    fs.rmSync(root, { recursive: true, force: true });
  }
});

function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-saves-'));
  roots.push(root);
  return root;
}

/** A store in a fresh state folder. */
function freshStore(): SaveStore {
  return new SaveStore(localPlaces({ XDG_STATE_HOME: path.join(tempRoot(), 'state') }));
}

function ok(outcome: ReturnType<typeof play>): Game {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome.game;
}

/** Seed 42: J♥ onto Q♥, a deal, the deal undone. */
function sampleSave(saved = INFO.saved): string {
  const game = ok(undo(ok(play(ok(play(newGame('42', RULES), move(7, 4))), DEAL))));
  return formatSave(game, { ...INFO, saved });
}

function lockBody(pid: number, host = os.hostname()): string {
  return JSON.stringify({ pid, host });
}

/** A slot's lock files: `<id>.lock.<pid>-<random>`, or the plain `<id>.lock` of earlier versions. */
function lockFiles(store: SaveStore, id: string): string[] {
  return fs
    .readdirSync(store.dir)
    .filter((name) => name === `${id}.lock` || name.startsWith(`${id}.lock.`))
    .map((name) => path.join(store.dir, name));
}

/** Who holds a slot: the one lock file left. */
function lockOwner(store: SaveStore, id: string): unknown {
  const files = lockFiles(store, id);
  expect(files).toHaveLength(1);
  return JSON.parse(fs.readFileSync(files[0], 'utf8'));
}

/** What a lock of this store's says: this process, this host, and the store's session. */
function mine(store: SaveStore): unknown {
  return { pid: process.pid, host: os.hostname(), session: store.session };
}

/** A pid that was a process a moment ago and is no longer. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  expect(child.status).toBe(0);
  return child.pid;
}

/** A live process that stays until the test ends; `args` show in its command line. */
function liveProcess(...args: string[]): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 1e5)', ...args], {
    stdio: 'ignore',
  });
  children.push(child);
  if (child.pid === undefined) throw new Error('could not start a process');
  return child.pid;
}

function mode(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

/**
 * Every unfinished game a scan offers, most recently saved first, each claimed as a start claims
 * the one it chooses.
 */
function everyGame(scan: Scan): Claimed[] {
  const found: Claimed[] = [];
  for (;;) {
    const next = scan.unfinished.find((save) => !found.includes(save));
    if (next === undefined) return found;
    found.push(next);
  }
}

/** A scan as plain facts: its unfinished games (each claimed, as `everyGame`) by their slots. */
function facts(scan: Scan) {
  return { ...scan, unfinished: everyGame(scan).map((save) => save.id) };
}

/** What the player reads of the store's news. */
const said = (news: StoreNews): string => storeNote(news).text;

/** A scan that found no save at all. */
const NOTHING_FOUND = {
  unfinished: [],
  finished: [],
  inUse: 0,
  unlockable: null,
  unlisted: null,
  elsewhere: [],
  setAside: [],
  unreadable: [],
};

describe('write', () => {
  it('writes the whole text, mode 0600 in a folder of mode 0700, leaving no temporary file', () => {
    const store = freshStore();
    const text = sampleSave();
    expect(store.write('g1', text)).toEqual({ ok: true });
    const file = path.join(store.dir, 'g1.txt');
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(mode(file)).toBe(0o600);
    expect(mode(store.dir)).toBe(0o700);
    expect(mode(path.dirname(store.dir))).toBe(0o700);
    expect(store.write('g1', `${text}# again\n`)).toEqual({ ok: true });
    expect(fs.readFileSync(file, 'utf8')).toBe(`${text}# again\n`);
    expect(fs.readdirSync(store.dir)).toEqual(['g1.txt']);
  });

  // 300 writes of 300 kB beside a reader that never stops: seconds on a busy machine.
  it('replaces the file at once: a reader in another process only ever sees a whole save', async () => {
    const store = freshStore();
    const file = path.join(store.dir, 'g1.txt');
    // Large versions, so that a write done in place would be seen half done.
    const versions = ['a', 'b'].map((letter) => `${letter.repeat(300_000)}\n`);
    expect(store.write('g1', versions[0]).ok).toBe(true);
    const stop = path.join(path.dirname(store.dir), 'stop');
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('fs');
         const [file, stop, size] = process.argv.slice(1);
         let reads = 0, bad = 0;
         process.stdout.write('ready\\n');
         while (!fs.existsSync(stop)) {
           const text = fs.readFileSync(file, 'latin1');
           reads++;
           if (text.length !== Number(size) || !/^(a+|b+)\\n$/.test(text)) bad++;
         }
         process.stdout.write(JSON.stringify({ reads, bad }) + '\\n');`,
        file,
        stop,
        String(versions[0].length),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(reader);
    let output = '';
    reader.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve) => {
      const check = (): void => (output.includes('ready') ? resolve() : void setTimeout(check, 5));
      check();
    });
    for (let i = 0; i < 300; i++) expect(store.write('g1', versions[i % 2]).ok).toBe(true);
    fs.writeFileSync(stop, '');
    await new Promise((resolve) => reader.on('exit', resolve));
    const result = JSON.parse(output.split('\n')[1]) as { reads: number; bad: number };
    expect(result.reads).toBeGreaterThan(0);
    expect(result.bad).toBe(0);
    expect(fs.readdirSync(store.dir).sort()).toEqual(['g1.txt']);
  }, 60_000);

  it('never leaves a short file when the system writes only part of the text at a time', () => {
    const store = freshStore();
    const text = sampleSave().repeat(50);
    // write(2) may write fewer bytes than asked (a nearly full disk, a signal): the rest must follow.
    const real = fs.writeSync;
    const spy = jest
      .spyOn(fs, 'writeSync')
      .mockImplementation((fd: number, data: unknown, ...rest: unknown[]) => {
        if (typeof data === 'string' && data.length > 100) {
          return (real as (fd: number, s: string) => number)(fd, data.slice(0, 100));
        }
        if (Buffer.isBuffer(data) && rest.length >= 2 && (rest[1] as number) > 100) {
          return (real as (...a: unknown[]) => number)(fd, data, rest[0], 100, ...rest.slice(2));
        }
        return (real as (...a: unknown[]) => number)(fd, data, ...rest);
      });
    try {
      const written = store.write('g1', text);
      const file = path.join(store.dir, 'g1.txt');
      if (written.ok) expect(fs.readFileSync(file, 'utf8')).toBe(text);
      else expect(fs.existsSync(file)).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it('in the background, makes the folder once, and again when it is gone', async () => {
    const store = freshStore();
    const mkdir = jest.spyOn(fs.promises, 'mkdir');
    try {
      expect(await store.writeSoon('g1', sampleSave())).toEqual({ ok: true });
      expect(await store.writeSoon('g1', `${sampleSave()}# again\n`)).toEqual({ ok: true });
      expect(mkdir).toHaveBeenCalledTimes(1);
      fs.rmSync(store.dir, { recursive: true });
      expect(await store.writeSoon('g1', `${sampleSave()}# anew\n`)).toEqual({ ok: true });
      expect(mkdir).toHaveBeenCalledTimes(2);
    } finally {
      mkdir.mockRestore();
    }
    expect(fs.readFileSync(path.join(store.dir, 'g1.txt'), 'utf8')).toBe(`${sampleSave()}# anew\n`);
    expect(mode(store.dir)).toBe(0o700);
  });

  it("in the background, syncs the folder for a slot's first save, not for the saves replacing it", async () => {
    const store = freshStore();
    const fsync = jest.spyOn(fs, 'fsync');
    try {
      expect(await store.writeSoon('g1', sampleSave())).toEqual({ ok: true });
      expect(fsync).toHaveBeenCalledTimes(2); // the save, then its folder
      expect(await store.writeSoon('g1', `${sampleSave()}# again\n`)).toEqual({ ok: true });
      expect(fsync).toHaveBeenCalledTimes(3); // the save alone
      store.letGo('g1');
      expect(await store.writeSoon('g1', `${sampleSave()}# anew\n`)).toEqual({ ok: true });
      expect(fsync).toHaveBeenCalledTimes(5);
    } finally {
      fsync.mockRestore();
    }
  });

  it('in the background, writes the rest when the system writes only part of the text', async () => {
    const store = freshStore();
    const text = sampleSave().repeat(50);
    const real = fs.write;
    const spy = jest.spyOn(fs, 'write').mockImplementation(((...args: unknown[]) => {
      // (fd, buffer, offset, length, position, callback): at most 100 bytes at a time.
      if (typeof args[3] === 'number' && args[3] > 100) args[3] = 100;
      return (real as (...a: unknown[]) => void)(...args);
    }) as typeof fs.write);
    try {
      expect(await store.writeSoon('g1', text)).toEqual({ ok: true });
      expect(spy.mock.calls.length).toBeGreaterThan(10);
    } finally {
      spy.mockRestore();
    }
    expect(fs.readFileSync(path.join(store.dir, 'g1.txt'), 'utf8')).toBe(text);
  });

  it('blames a save that may not be replaced, not its folder, when the rename over it fails', async () => {
    const store = freshStore();
    expect(store.write('g1', sampleSave()).ok).toBe(true);
    const file = path.join(store.dir, 'g1.txt');
    // What rename(2) says over a file marked immutable (chattr +i), even to root.
    const refused = (from: fs.PathLike, to: fs.PathLike) =>
      Object.assign(new Error(`EPERM: operation not permitted, rename '${from}' -> '${to}'`), {
        code: 'EPERM',
        syscall: 'rename',
        path: String(from),
        dest: String(to),
      });
    const spy = jest.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      throw refused(from, to);
    });
    const later = jest
      .spyOn(fs.promises, 'rename')
      .mockImplementation((from, to) => Promise.reject(refused(from, to)));
    try {
      const reason = `the save there may not be replaced (${file})`;
      expect(store.write('g1', sampleSave())).toEqual({ ok: false, reason });
      expect(await store.writeSoon('g1', sampleSave())).toEqual({ ok: false, reason });
    } finally {
      spy.mockRestore();
      later.mockRestore();
    }
    expect(fs.readdirSync(store.dir).filter((name) => !name.endsWith('.lock'))).toEqual(['g1.txt']);
  });

  it('fails with a reason, and never throws, when the state path runs into a regular file', () => {
    const root = tempRoot();
    const notAFolder = path.join(root, 'state');
    fs.writeFileSync(notAFolder, 'a file, not a folder\n');
    const store = new SaveStore(localPlaces({ XDG_STATE_HOME: notAFolder }));
    const written = store.write('g1', sampleSave());
    expect(written.ok).toBe(false);
    if (written.ok) return;
    expect(written.reason).toBe(`a part of the path is not a folder (${store.dir})`);
    expect(store.claim('g1')).toBe(false);
    expect(facts(store.scan())).toEqual(NOTHING_FOUND);
    expect(fs.readFileSync(notAFolder, 'utf8')).toBe('a file, not a folder\n');
  });

  it('fails with a reason when the folder is read-only', () => {
    // Run by a user that permissions bind (not root, for whom a read-only folder is writable).
    const user = boundUser();
    const root = tempRoot();
    const state = path.join(root, 'state');
    const store = new SaveStore(localPlaces({ XDG_STATE_HOME: state }));
    expect(store.write('g1', sampleSave()).ok).toBe(true);
    handOver(root, user);
    fs.chmodSync(root, 0o755);
    fs.chmodSync(store.dir, 0o500);
    const script =
      `const { SaveStore } = require(${JSON.stringify(bundle('src/store/saves.ts'))});` +
      `const { localPlaces } = require(${JSON.stringify(bundle('src/store/paths.ts'))});` +
      `const store = new SaveStore(localPlaces({ XDG_STATE_HOME: ${JSON.stringify(state)} }));` +
      `process.stdout.write(JSON.stringify([store.problem, store.write('g1', 'new text')]));`;
    const [command, ...args] = [...user.prefix, process.execPath, '-e', script];
    const child = spawnSync(command, args, { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual([
      null,
      { ok: false, reason: `permission denied (${store.dir})` },
    ]);
    expect(fs.readFileSync(path.join(store.dir, 'g1.txt'), 'utf8')).toBe(sampleSave());
  });
});

describe('saves of games continued from the largest records', () => {
  it('a save as large as the largest accepted record, plus its header, is resumed', () => {
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true });
    const header = ['save-format: 1', 'undone: 0', 'actions: 0', 'peeks: 0', 'elapsed-ms: 0'];
    const { text, actions } = bigRecord(MAX_INPUT_BYTES, { header });
    expect(text.length).toBeGreaterThan(MAX_INPUT_BYTES - 100);
    fs.writeFileSync(path.join(store.dir, 'big.txt'), text);
    const scan = store.scan();
    expect(scan.setAside).toEqual([]);
    const loaded = store.load(everyGame(scan)[0]);
    expect(loaded.ok && movesKept(loaded.save.game)).toBe(actions);
  });
});

describe('claim and release', () => {
  it('claims a slot once, and again after release', () => {
    const store = freshStore();
    expect(store.claim('g1')).toBe(true);
    expect(lockOwner(store, 'g1')).toEqual(mine(store));
    expect(lockFiles(store, 'g1').map((file) => path.basename(file))).toEqual([
      expect.stringMatching(new RegExp(`^g1\\.lock\\.${process.pid}-[0-9a-f]+$`)),
    ]);
    expect(mode(lockFiles(store, 'g1')[0])).toBe(0o600);
    expect(store.claim('g1')).toBe(false);
    expect(
      new SaveStore(localPlaces({ XDG_STATE_HOME: path.dirname(path.dirname(store.dir)) })).claim(
        'g1',
      ),
    ).toBe(false);
    store.release('g1');
    expect(lockFiles(store, 'g1')).toEqual([]);
    expect(store.claim('g1')).toBe(true);
    store.release('g1');
    store.release('g1'); // twice is harmless
  });

  it('keeps a slot from every other session of this process, without waiting', () => {
    // A server plays many sessions in one process: each has a store of its own.
    const store = freshStore();
    const places = localPlaces({ XDG_STATE_HOME: path.dirname(path.dirname(store.dir)) });
    const other = new SaveStore(places);
    expect(other.session).not.toBe(store.session);
    expect(store.claim('g1')).toBe(true);
    // A claim that meets a claimant steps back and waits a moment; one that meets a session of
    // this process knows it met an owner.
    const wait = jest.spyOn(Atomics, 'wait');
    try {
      expect(other.claim('g1')).toBe(false);
      expect(new SaveStore(places).scan().inUse).toBe(0); // no save yet: nothing to scan
      store.write('g1', sampleSave());
      expect(new SaveStore(places).scan().inUse).toBe(1);
      expect(wait).not.toHaveBeenCalled();
    } finally {
      wait.mockRestore();
    }
    expect(lockOwner(store, 'g1')).toEqual(mine(store));
    other.release('g1'); // not its lock: nothing happens
    expect(lockOwner(store, 'g1')).toEqual(mine(store));
    store.release('g1');
    expect(other.claim('g1')).toBe(true);
    expect(lockOwner(other, 'g1')).toEqual(mine(other));
  });

  it('takes over a lock whose process has ended', () => {
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(path.join(store.dir, 'g1.lock'), lockBody(deadPid()));
    expect(store.claim('g1')).toBe(true);
    expect(lockOwner(store, 'g1')).toEqual(mine(store));
  });

  it('respects a lock held by a live spider process', () => {
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true });
    const pid = liveProcess('spider');
    fs.writeFileSync(path.join(store.dir, 'g1.lock'), lockBody(pid));
    store.write('g1', sampleSave());
    expect(store.claim('g1')).toBe(false);
    expect(lockOwner(store, 'g1')).toEqual({ pid, host: os.hostname() });
    const scan = store.scan();
    expect(scan.inUse).toBe(1);
    expect(everyGame(scan)).toEqual([]);
    expect(fs.readFileSync(path.join(store.dir, 'g1.txt'), 'utf8')).toBe(sampleSave());
  });

  it('takes over a lock whose number now belongs to a process that is not spider', () => {
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(path.join(store.dir, 'g1.lock'), lockBody(liveProcess('something-else')));
    expect(store.claim('g1')).toBe(fs.existsSync('/proc/self/cmdline'));
  });

  it.each([
    ['takes over', 'is not spider', 'something-else', true],
    ['respects', 'is spider', 'spider', false],
  ])("%s a lock whose process is another user's and %s", (_does, _is, name, taken) => {
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(path.join(store.dir, 'g1.lock'), lockBody(liveProcess(name)));
    // As a user other than the process's owner: kill(pid, 0) is refused, not failed.
    jest.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    });
    expect(store.claim('g1')).toBe(taken && fs.existsSync('/proc/self/cmdline'));
  });

  it('takes over a lock naming this very process that this process does not hold', () => {
    // In a container (or any PID namespace) the game can get the same pid on every start: a
    // lock left by a killed game may name the process that now reads it.
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(path.join(store.dir, 'g1.lock'), lockBody(process.pid));
    expect(store.claim('g1')).toBe(true);
    expect(store.claim('g1')).toBe(false); // now it does hold it
  });

  it.each([
    ['garbage', 'not json at all \x00\xff'],
    ['empty', ''],
    ['JSON of the wrong shape', '{"__proto__":{"pid":1},"host":7}'],
    ['a pid that is no number', '{"pid":"1","host":"x"}'],
  ])('treats a %s lock file as stale', (_name, body) => {
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(path.join(store.dir, 'g1.lock'), body);
    expect(store.claim('g1')).toBe(true);
    expect(lockOwner(store, 'g1')).toEqual(mine(store));
  });

  it("respects a lock from another host, whose process can't be checked", () => {
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(path.join(store.dir, 'g1.lock'), lockBody(deadPid(), `not-${os.hostname()}`));
    expect(store.claim('g1')).toBe(false);
  });
});

describe('scan', () => {
  const NOW = new Date('2026-06-01T10:20:30.456Z');
  const STAMP = '2026-06-01T10-20-30-456Z';

  function storeWith(files: Record<string, string | Buffer>): SaveStore {
    const store = freshStore();
    fs.mkdirSync(store.dir, { recursive: true, mode: 0o700 });
    for (const [name, content] of Object.entries(files)) {
      fs.writeFileSync(path.join(store.dir, name), content);
    }
    return store;
  }

  it('claims unfinished and finished games, most recently saved first', () => {
    const lost = `seed: 6\nsave-format: 1\nundone: 0\nactions: 28\npeeks: 0\nelapsed-ms: 5\nstatus: lost\n\n${LOST_LINE}\n`;
    const store = storeWith({
      'old.txt': sampleSave('2026-05-01T12:00:00.000Z'),
      'new.txt': sampleSave('2026-05-02T12:00:00.000Z'),
      'lost.txt': lost,
      'notes.md': 'not a save',
      '.old.123.tmp': 'a temporary file left by a crash',
    });
    const scan = store.scan(NOW);
    const unfinished = everyGame(scan);
    expect(unfinished.map((s) => s.id)).toEqual(['new', 'old']);
    expect(scan.finished.map((s) => s.id)).toEqual(['lost']);
    expect(scan.inUse).toBe(0);
    expect(scan.setAside).toEqual([]);
    for (const id of ['old', 'new', 'lost'])
      expect(lockOwner(store, id)).toMatchObject({ pid: process.pid });
    const loaded = store.load(unfinished[0], NOW);
    expect(loaded.ok && loaded.save.game.position).toEqual(
      ok(undo(ok(play(ok(play(newGame('42', RULES), move(7, 4))), DEAL)))).position,
    );
    // Another session now finds them all in use.
    const other = new SaveStore(
      localPlaces({ XDG_STATE_HOME: path.dirname(path.dirname(store.dir)) }),
    );
    expect(other.scan(NOW).inUse).toBe(3);
  });

  const good = sampleSave();
  const bad: [string, string | Buffer][] = [
    ['empty (truncated to nothing)', ''],
    ['truncated in the header', good.slice(0, good.indexOf('peeks'))],
    ['truncated in an action', good.slice(0, good.lastIndexOf('-') + 1)],
    ['corrupt', good.replace('save-format: 1', 'save-f\x00rmat 1')],
    [
      'binary',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x00]),
    ],
    ['hand-edited with an illegal move', good.replace(/\n8-5 d\n$/, '\n8-5 5-2\n')],
    ['JSON', '{"__proto__":{"polluted":true},"seed":"42","save-format":1,"actions":["8-5"]}'],
    ['from a future version', good.replace('save-format: 1', 'save-format: 2')],
    [
      'a plain record',
      formatRecord({ deal: bySeed('42'), rules: RULES, meta: [], actions: [move(7, 4)] }),
    ],
  ];

  /**
   * What a start sees: the scan reads headers (a bad one is set aside at once), and a save whose
   * body is bad is set aside when its game is loaded.
   */
  function scanAndLoad(store: SaveStore) {
    const scan = store.scan(NOW);
    const setAside = scan.setAside.map(said);
    const unfinished = everyGame(scan).filter((entry) => {
      const loaded = store.load(entry, NOW);
      if (!loaded.ok) setAside.push(said(loaded.news));
      return loaded.ok;
    });
    return { ...scan, setAside, unfinished };
  }

  it.each(bad)('moves aside a file that is %s, with a sentence naming it', (_name, content) => {
    const store = storeWith({ 'bad.txt': content, 'good.txt': good });
    let scan: ReturnType<typeof scanAndLoad> | undefined;
    expect(() => (scan = scanAndLoad(store))).not.toThrow();
    const aside = path.join(store.dir, `bad.bad-${STAMP}`);
    expect(scan!.setAside).toHaveLength(1);
    expect(scan!.setAside[0]).toMatch(
      /^Your saved game bad\.txt could not be used \(.+\); moved to /,
    );
    expect(scan!.setAside[0]).toContain(`moved to ${aside}.`);
    expect(scan!.setAside[0]).not.toMatch(/\p{Cc}/u);
    expect(fs.readFileSync(aside)).toEqual(Buffer.from(content));
    expect(fs.readdirSync(store.dir).sort()).toEqual([
      `bad.bad-${STAMP}`,
      expect.stringMatching(/^good\.lock\.\d+-[0-9a-f]+$/),
      'good.txt',
    ]);
    expect(scan!.unfinished.map((s) => s.id)).toEqual(['good']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The next start finds nothing more to set aside.
    store.release('good');
    expect(store.scan(NOW).setAside).toEqual([]);
  });

  it('moves aside a file over 4 MiB without reading it', () => {
    const store = storeWith({ 'huge.txt': good });
    fs.truncateSync(path.join(store.dir, 'huge.txt'), MAX_SAVE_BYTES + 1);
    const scan = store.scan(NOW);
    expect(scan.setAside.map(said)).toEqual([
      `Your saved game huge.txt could not be used (it is too large (${MAX_SAVE_BYTES + 1} bytes)); ` +
        `moved to ${path.join(store.dir, `huge.bad-${STAMP}`)}.`,
    ]);
    expect(everyGame(scan)).toEqual([]);
  });

  it('names the reason: an illegal move by its number and token', () => {
    const store = storeWith({ 'edited.txt': good.replace(/\n8-5 d\n$/, '\n8-5 5-2\n') });
    expect(scanAndLoad(store).setAside[0]).toMatch(
      /could not be used \(action 2 '5-2' \(line \d+\) is illegal: nothing goes onto an ace/,
    );
  });

  it('reports a folder named like a save instead of throwing', () => {
    const store = storeWith({ 'good.txt': good });
    fs.mkdirSync(path.join(store.dir, 'odd.txt'));
    const scan = store.scan(NOW);
    expect(everyGame(scan).map((s) => s.id)).toEqual(['good']);
    expect(scan.setAside).toHaveLength(1);
    expect(said(scan.setAside[0])).toContain('Your saved game odd.txt could not be used');
  });

  it("removes a claimed save's temporaries a killed writer left, and no other file", () => {
    const store = storeWith({
      'game.txt': sampleSave(),
      '.game.0123456789abcdef.tmp': 'half a save',
      '.game.0123456789abcdef.tmp.keep': 'not a temporary',
      '.other.0123456789abcdef.tmp': 'the first save of a slot, never renamed',
      'held.txt': sampleSave(),
      'held.lock': lockBody(liveProcess('spider')),
      '.held.fedcba9876543210.tmp': 'a live writer may be about to rename it',
      'busy.lock': lockBody(liveProcess('spider')),
      '.busy.fedcba9876543210.tmp': "a live session's first save, on its way",
    });
    const scan = store.scan(NOW);
    expect(
      fs
        .readdirSync(store.dir)
        .filter((n) => n.startsWith('.'))
        .sort(),
    ).toEqual([
      '.busy.fedcba9876543210.tmp',
      '.game.0123456789abcdef.tmp.keep',
      '.held.fedcba9876543210.tmp',
    ]);
    // The slot with no save was claimed only to clear it: no lock of it stays, nothing is found.
    expect(fs.readdirSync(store.dir).filter((n) => n.startsWith('other'))).toEqual([]);
    expect(everyGame(scan).map((s) => s.id)).toEqual(['game']);
    expect(scan.inUse).toBe(1);
  });

  it('leaves a save its permissions keep from being read where it is, and says what to do', () => {
    // Run by a user that permissions bind (not root, who may read anything).
    const user = boundUser();
    const store = storeWith({ 'good.txt': good, 'closed.txt': good });
    const closed = path.join(store.dir, 'closed.txt');
    handOver(path.dirname(path.dirname(path.dirname(store.dir))), user);
    fs.chmodSync(closed, 0o000);
    const script =
      `const { SaveStore } = require(${JSON.stringify(bundle('src/store/saves.ts'))});` +
      `const { localPlaces } = require(${JSON.stringify(bundle('src/store/paths.ts'))});` +
      `const places = localPlaces({ XDG_STATE_HOME: ${JSON.stringify(path.dirname(path.dirname(store.dir)))} });` +
      `const scan = new SaveStore(places).scan(new Date(${NOW.getTime()}));` +
      `const first = scan.unfinished.find(() => true);` +
      `process.stdout.write(JSON.stringify({ ...scan, unfinished: [first?.id] }));`;
    const [command, ...args] = [...user.prefix, process.execPath, '-e', script];
    const child = spawnSync(command, args, { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    const scan = JSON.parse(child.stdout) as Record<string, unknown>;
    expect({ ...scan, unreadable: (scan.unreadable as StoreNews[]).map(said) }).toMatchObject({
      unfinished: ['good'],
      setAside: [],
      unreadable: [
        "Your saved game closed.txt can't be read (permission denied); it is left as it is. " +
          `Make it readable to you (chmod 600 ${closed}) to play it again.`,
      ],
    });
    // Untouched: neither moved nor changed, and no lock of it left behind.
    expect(mode(closed)).toBe(0o000);
    fs.chmodSync(closed, 0o600);
    expect(fs.readFileSync(closed, 'utf8')).toBe(good);
    expect(fs.readdirSync(store.dir).filter((name) => name.startsWith('closed'))).toEqual([
      'closed.txt',
    ]);
  });

  it('leaves a bad save that another live session holds alone', () => {
    const store = storeWith({ 'bad.txt': 'garbage', 'bad.lock': lockBody(liveProcess('spider')) });
    const scan = store.scan(NOW);
    expect(scan.inUse).toBe(1);
    expect(scan.setAside).toEqual([]);
    expect(fs.readFileSync(path.join(store.dir, 'bad.txt'), 'utf8')).toBe('garbage');
  });

  it('reads only the headers: a save is replayed when its game is loaded', () => {
    const store = storeWith({ 'edited.txt': good.replace(/\n8-5 d\n$/, '\n8-5 5-2\n') });
    const scan = store.scan(NOW);
    expect(scan.setAside).toEqual([]);
    const [edited] = everyGame(scan);
    expect(edited.header.deal.key).toEqual('42');
    const loaded = store.load(edited, NOW);
    expect(loaded.ok).toBe(false);
    expect(fs.existsSync(path.join(store.dir, `edited.bad-${STAMP}`))).toBe(true);
  });

  it('finds nothing, without error, when there is no folder yet', () => {
    const store = freshStore();
    expect(facts(store.scan(NOW))).toEqual(NOTHING_FOUND);
  });
});
