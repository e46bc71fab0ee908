import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { answerQuestion } from '../../src/cli/questions';
import { playerPlaces } from '../../src/store/paths';

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-questions-'));
  fs.mkdirSync(path.join(folder, 'records'));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

const asker = () => ({
  places: playerPlaces(folder),
  records: path.join(folder, 'records'),
  login: 'ssh -t -p 2222 games.example',
});

/** Writes a record file, dated `minutes` after a fixed time. */
function recordFile(name: string, minutes: number, text = `seed: ${name}\n\nd\n`): void {
  const file = path.join(folder, 'records', name);
  fs.writeFileSync(file, text);
  const when = new Date(Date.UTC(2026, 11, 7, 12, minutes));
  fs.utimesSync(file, when, when);
}

const ask = (line: string) => answerQuestion(line, asker(), '0.1.0');
/** The answer to a question `line` is. */
async function answered(line: string) {
  const answer = ask(line);
  if (answer === null) throw new Error(`${line} is no question`);
  return answer;
}

describe('answerQuestion (docs/serve.md, "Your records and statistics over SSH")', () => {
  it('answers only its questions: anything else names a game', () => {
    expect(ask('daily')).toBeNull();
    expect(ask('')).toBeNull();
    expect(ask('--stats')).toBeNull();
    expect(ask("records 'x")).toBeNull();
  });

  it('lists the records newest first, and prints one as it is', async () => {
    recordFile('spider-a.txt', 1);
    recordFile('spider-b.txt', 30, 'seed: b\n\nd\n# é\n');
    recordFile('not a record', 50);
    fs.symlinkSync('/etc/passwd', path.join(folder, 'records', 'spider-link.txt'));
    const listed = await answered('records');
    expect(listed).toEqual({
      status: 0,
      stdout: '2026-12-07 12:30  spider-b.txt\n2026-12-07 12:01  spider-a.txt\n',
      stderr:
        'ssh -p 2222 games.example record NAME > game.txt copies one here (record latest: the newest).\n',
    });
    expect(await answered('record latest')).toEqual({
      status: 0,
      stdout: 'seed: b\n\nd\n# é\n',
      stderr: '',
    });
    expect((await answered('record spider-a.txt')).stdout).toBe('seed: spider-a.txt\n\nd\n');
  });

  it('reaches nothing outside the records: not a path, not a link, not another file', async () => {
    fs.writeFileSync(path.join(folder, 'games.jsonl'), 'secret');
    fs.symlinkSync('/etc/passwd', path.join(folder, 'records', 'spider-link.txt'));
    for (const name of ['../games.jsonl', '/etc/passwd', 'spider-link.txt', 'games.jsonl']) {
      const answer = await answered(`record '${name}'`);
      expect(answer.status).toBe(1);
      expect(answer.stdout).toBe('');
      expect(answer.stderr).toMatch(/^spider: no record named /);
    }
  });

  it('refuses what a question does not take, and a guest', async () => {
    expect((await answered('records all')).stderr).toMatch(
      /^spider: records takes nothing more; ask /,
    );
    expect((await answered('record')).stderr).toMatch(/^spider: record takes one name/);
    expect((await answered('stats --all')).stderr).toMatch(
      /^spider: stats takes --json, not '--all'/,
    );
    expect((await answered('saves --load x')).status).toBe(2);
    expect((await answered('save x')).stderr).toMatch(/^spider: save takes the number saves gives/);
    expect((await answered('save 1')).stderr).toBe(
      'spider: you have no saved game 1 (saves lists them)\n',
    );
    const guest = await answerQuestion(
      'stats',
      { places: null, records: null, login: 'ssh -t h' },
      '1',
    );
    expect(guest).toMatchObject({ status: 1, stdout: '' });
  });

  it('says there are no saves as a remote player reads it', async () => {
    expect(await answered('saves')).toEqual({
      status: 0,
      stdout: 'No saved games: logging in deals a new one.\n',
      stderr: '',
    });
  });
});
