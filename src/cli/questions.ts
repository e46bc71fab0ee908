/**
 * What a player may ask a server without a terminal (docs/serve.md, "Your records and statistics
 * over SSH"): `records` lists their records, `record NAME` (or `latest`) prints one, `stats` and
 * `saves` print what `spider stats` and `spider saves` print, from the player's own folder, in
 * words that name no command of the server's machine; `board` and `name` reach the daily board
 * (docs/serve.md, "The daily board"). Nothing else of the host is reachable.
 */
import * as fs from 'fs';
import * as path from 'path';
import { printable, shellWords } from '../notation';
import { boardQuestion, nameQuestion } from '../serve/board';
import type { Answer, Asker } from '../serve/choice';
import { listSaves, saveText } from '../store/saves-list';
import type { CliIo } from './kit';

/** The questions, by their first word. */
const QUESTIONS = new Set(['records', 'record', 'stats', 'saves', 'save', 'board', 'name']);

/** A record's name as `w` writes it: nothing that could reach outside the records folder. */
const RECORD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.txt$/;

const USAGE =
  'ask records, record NAME (or record latest), stats [--json], saves [--json] [--all], save N, board [--json] or name [NEW]';

const GUEST =
  'a guest has no records, statistics or saved games here; log in with an SSH key to keep them';

/** Collects what a command writes. */
function collector(): { write(text: string): boolean; text(): string } {
  let text = '';
  return { write: (chunk: string) => ((text += chunk), true), text: () => text };
}

/** The answer to `line` when it asks a question, or null when it does not (it names a game). */
export function answerQuestion(
  line: string,
  asker: Asker,
  version: string,
): Promise<Answer> | null {
  const split = shellWords(line);
  if (!split.ok || split.words.length === 0 || !QUESTIONS.has(split.words[0])) return null;
  const [question, ...rest] = split.words;
  const refused = (why: string, status = 2): Promise<Answer> =>
    Promise.resolve({ status, stdout: '', stderr: `spider: ${why}\n` });
  // The daily board (docs/serve.md, "The daily board"): a guest may look at it.
  if (question === 'board' || question === 'name') {
    if (asker.board === undefined) return refused('this server keeps no daily board', 1);
    return question === 'board'
      ? boardQuestion(asker.board, rest)
      : nameQuestion(asker.board, rest);
  }
  if (asker.places === null || asker.records === null) return refused(GUEST, 1);
  const load = asker.load;
  // A server's database is read once the line is known to ask (docs/serve.md, "The database").
  if (load !== undefined)
    return load().then(
      (places) =>
        answerQuestion(line, { ...asker, places, load: undefined }, version) ?? refused(USAGE),
      (error: unknown) => refused(`your games cannot be read: ${(error as Error).message}`, 1),
    );
  switch (question) {
    case 'records':
      return rest.length > 0
        ? refused(`records takes nothing more; ${USAGE}`)
        : Promise.resolve(records(asker));
    case 'record':
      return rest.length !== 1
        ? refused(`record takes one name: record NAME, or record latest (records lists them)`)
        : Promise.resolve(record(asker, rest[0]));
    case 'save':
      return rest.length !== 1 || !/^[1-9]\d{0,3}$/.test(rest[0])
        ? refused('save takes the number saves gives a game: save 1 is the latest')
        : Promise.resolve(save(asker, Number(rest[0])));
    default:
      return ranCommand(question, rest, asker, version);
  }
}

/** A player's records, newest first: name and when it was written. */
function recordsIn(folder: string): { name: string; written: Date }[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => RECORD_NAME.test(name))
    .flatMap((name) => {
      try {
        const stat = fs.lstatSync(path.join(folder, name));
        return stat.isFile() ? [{ name, written: stat.mtime }] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.written.getTime() - a.written.getTime() || (a.name < b.name ? 1 : -1));
}

/** The player's records, newest first: from the server's database when it keeps them, else the folder. */
function recordsOf(asker: Asker): { name: string; written: Date; text?: string }[] {
  const kept = asker.places?.engine?.records?.();
  return kept ? [...kept] : recordsIn(asker.records as string);
}

function records(asker: Asker): Answer {
  const found = recordsOf(asker);
  const ask = asker.login.replace(/^ssh -t /, 'ssh ');
  if (found.length === 0)
    return { status: 0, stdout: 'No records yet: w in the game writes one.\n', stderr: '' };
  const lines = found.map(
    ({ name, written }) => `${written.toISOString().slice(0, 16).replace('T', ' ')}  ${name}`,
  );
  const hint = `${ask} record NAME > game.txt copies one here (record latest: the newest).`;
  return { status: 0, stdout: `${lines.join('\n')}\n`, stderr: `${hint}\n` };
}

function record(asker: Asker, name: string): Answer {
  const folder = asker.records as string;
  const found = recordsOf(asker);
  const entry = name === 'latest' ? found[0] : found.find((r) => r.name === name);
  const chosen = entry?.name;
  if (chosen === undefined) {
    const why =
      name === 'latest'
        ? 'you have no records yet: w in the game writes one'
        : `no record named '${printable(name, 60)}' (records lists them)`;
    return { status: 1, stdout: '', stderr: `spider: ${why}\n` };
  }
  if (entry?.text !== undefined) return { status: 0, stdout: entry.text, stderr: '' };
  try {
    return { status: 0, stdout: fs.readFileSync(path.join(folder, chosen), 'utf8'), stderr: '' };
  } catch {
    return { status: 1, stdout: '', stderr: `spider: the record ${chosen} cannot be read\n` };
  }
}

/**
 * An unfinished game's moves, as its save holds them: a record `spider replay` reads, and `spider
 * play FILE` continues (docs/records.md, "Move notation and game records").
 */
function save(asker: Asker, number: number): Answer {
  const places = asker.places as NonNullable<Asker['places']>;
  const list = listSaves(places, { most: number });
  const game = list.games[number - 1];
  if (list.problem !== null || game === undefined) {
    const why =
      list.problem === null
        ? `you have no saved game ${number} (saves lists them)`
        : `your saved games cannot be read: ${places.shown?.(list.problem) ?? list.problem}`;
    return { status: 1, stdout: '', stderr: `spider: ${why}\n` };
  }
  const read = saveText(places, game.slot);
  return read.ok
    ? { status: 0, stdout: read.text, stderr: '' }
    : {
        status: 1,
        stdout: '',
        stderr: `spider: saved game ${number} cannot be read: ${read.why}\n`,
      };
}

/** `stats` and `saves`, run as the commands run locally, on the player's folder. */
async function ranCommand(
  question: string,
  options: readonly string[],
  asker: Asker,
  version: string,
): Promise<Answer> {
  const allowed = question === 'stats' ? ['--json'] : ['--json', '--all'];
  const other = options.find((option) => !allowed.includes(option));
  if (other !== undefined)
    return {
      status: 2,
      stdout: '',
      stderr: `spider: ${question} takes ${allowed.join(' and ')}, not '${printable(other, 40)}'; ${USAGE}\n`,
    };
  const stdout = collector();
  const stderr = collector();
  const io: CliIo = {
    stdout,
    stderr,
    stdin: process.stdin,
    env: {},
    randomSeed: () => '1',
    version,
    places: asker.places as NonNullable<Asker['places']>,
    remote: { login: asker.login },
  };
  const status =
    question === 'stats'
      ? await (
          await import('./commands/stats-run')
        ).statsCommand(io, {
          json: options.includes('--json'),
          color: 'never',
        })
      : (await import('./commands/saves-run')).savesCommand(io, {
          json: options.includes('--json'),
          all: options.includes('--all'),
        });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}
