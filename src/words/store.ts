/**
 * The store's news in the player's words: what became of their saves, games and results. The
 * store says what happened (`StoreNews`); this says it to the player.
 */
import { dealName } from '../notation';
import { sizeText } from '../store/disk-limits';
import type { NoRoom, RecordNews, RecordsRemoved, StoreNews } from '../store/news';

/** Something to tell the player; a warning must be read whole (it is repeated on leaving). */
export interface Note {
  readonly text: string;
  readonly warning: boolean;
  /**
   * Said during play only: the line left when the game closes says what became of the game,
   * so this is not repeated there (it would say play goes on after it has ended).
   */
  readonly duringPlay?: boolean;
}

export const info = (text: string): Note => ({ text, warning: false });

const warning = (text: string): Note => ({ text, warning: true });

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A save's time as the player's clock shows it: `2026-11-22 14:05`. */
function describeDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** What to tell the player of `news`. */
export function storeNote(news: StoreNews): Note {
  switch (news.kind) {
    case 'save-set-aside':
    case 'save-unreadable':
    case 'saves-unlisted':
      return warning(savesText(news));
    case 'resumed':
      return info(
        `Resumed your game from ${describeDate(news.saved)}: ${dealName(news.deal)}, ` +
          `${plural(news.moves, 'move')}. ` +
          (news.sameDeal ? 'R restarts this deal.' : 'n starts a new one.') +
          // Else the player may wonder why not the game last played.
          (news.othersInUse ? ' Another of your games is open in another spider session.' : ''),
      );
    case 'save-unavailable':
      return warning(
        news.elsewhere
          ? 'That game is open in another spider session: leave it there first.'
          : 'That saved game is no longer there as it was (finished, played elsewhere since, or set aside): s on the new-game panel lists your saved games.',
      );
    case 'abandoned':
    case 'continuing':
    case 'deal-elsewhere':
    case 'others-elsewhere':
      return info(startText(news));
    case 'cannot-save':
      return {
        text: `Can't save this game: ${news.reason}. Play goes on, but it will not be kept.`,
        warning: true,
        duringPlay: true,
      };
    case 'saving-works':
      return info('Saving works again: this game is kept from here on.');
    case 'unrecorded':
      return warning(
        `Can't record your last game in the statistics (${news.reason}); it is kept and will be recorded next time.`,
      );
    case 'result-lost':
      return warning(
        `Can't record your last game in the statistics (${news.reason}), nor keep it for later ` +
          `(${news.saveReason}): its result is lost.`,
      );
    case 'won':
    case 'won-unchecked':
      return info(wonText(news));
  }
}

/** What became of a save a start could not use or read. */
function savesText(
  news: Extract<StoreNews, { kind: 'save-set-aside' | 'save-unreadable' | 'saves-unlisted' }>,
): string {
  if (news.kind === 'saves-unlisted')
    return `Can't look through your saved games in ${news.dir} (${news.reason}): they are left as they are until it can be read.`;
  if (news.kind === 'save-unreadable')
    return (
      `Your saved game ${news.file} can't be read (${news.reason}); it is left as it is. ` +
      `Make it readable to you (chmod 600 ${news.path}) to play it again.`
    );
  const aside =
    'moved' in news.aside
      ? `moved to ${news.aside.moved}`
      : `could not be moved aside: ${news.aside.failed}`;
  return `Your saved game ${news.file} could not be used (${news.reason}); ${aside}.`;
}

/** Why a start plays the game it plays, where the player may wonder. */
function startText(
  news: Extract<
    StoreNews,
    { kind: 'abandoned' | 'continuing' | 'deal-elsewhere' | 'others-elsewhere' }
  >,
): string {
  switch (news.kind) {
    case 'abandoned': {
      // A game continued from a record counts in nothing (docs/saves.md, "Saved games and
      // statistics").
      const counts = news.continued
        ? 'is given up; continued from a record, it counts in no statistic'
        : 'counts as abandoned';
      return `Your unfinished game (${dealName(news.deal)}) ${counts}.`;
    }
    case 'continuing':
      return `Continuing the game of ${news.name}: ${dealName(news.deal)}.`;
    case 'deal-elsewhere':
      return 'Your game of this deal is open in another spider session; this is a new one.';
    case 'others-elsewhere':
      return news.inUse === 1
        ? 'Your other game is open in another spider session; this is a new one.'
        : 'Your other games are open in other spider sessions; this is a new one.';
  }
}

/** What a win sets, or why its records were not checked. */
function wonText(news: Extract<StoreNews, { kind: 'won' | 'won-unchecked' }>): string {
  if (news.kind === 'won') return `You won! New records: ${news.records.join('; ')}.`;
  // Without the whole history any "record" could be made up: none is claimed.
  return 'damaged' in news
    ? `You won! Records not checked: ${plural(news.damaged, 'damaged line')} in your statistics.`
    : `You won! Records not checked: your statistics are over ${sizeText(news.overBytes)}.`;
}

/** What to tell the player of a record `w` asked for. */
/**
 * What `w` says over SSH: where the record went, and how the player copies it to their own
 * machine (`fetch`, `ssh -p 2222 HOST record latest > game.txt`; docs/serve.md, "Your records
 * and statistics over SSH").
 */
export function remoteRecordText(news: RecordNews, fetch: string | undefined): string {
  const text = recordText(news);
  if (news.kind !== 'record-written' || fetch === undefined) return text;
  return `${text.replace(/\.$/, '')}; ${fetch} copies it.`;
}

export function recordText(news: RecordNews): string {
  switch (news.kind) {
    case 'records-not-kept':
      return 'Records are not kept on this server, so w writes none. The game goes on, saved as usual.';
    case 'record-no-folder':
      return "Can't write the record: the current folder no longer exists. The game goes on, saved as usual.";
    case 'record-again':
      return `Already written, nothing played since: ${news.name}.`;
    case 'record-no-room':
      return `Can't write the record: ${noRoomText(news.why)}.`;
    case 'record-written': {
      const removed = removedText(news.removed);
      if (news.shown !== undefined) return `Wrote ${news.name} to ${news.shown}${removed}.`;
      return `Wrote the game record to ${news.where}${removed}; spider play FILE continues it.`;
    }
    case 'record-failed':
      return `Can't write the record: ${news.reason}${removedText(news.removed)}.`;
    case 'record-names-taken':
      return `Can't write the record: too many files named ${news.stem} in ${news.folder}${removedText(news.removed)}.`;
  }
}

/** Why a record does not fit within the server's limits (docs/serve.md, "Limits on disk"). */
function noRoomText(why: NoRoom): string {
  switch (why.kind) {
    case 'too-large':
      return `at ${bytesText(why.bytes)}, it is larger than the ${sizeText(why.most)} of records this server keeps for you. The game goes on, saved as usual`;
    case 'link':
      return `${why.folder} is a symbolic link, which is not followed`;
    case 'unlisted':
      return why.reason;
    case 'stuck': {
      const before =
        why.before === 0
          ? ''
          : `; ${why.before} older record${why.before === 1 ? ' was' : 's were'} removed before it`;
      return `the oldest record, ${why.name}, could not be removed to make room (${why.reason})${before}`;
    }
  }
}

/** The words added to a record's message for the oldest records removed to make room for it. */
function removedText(removed: RecordsRemoved | null): string {
  if (removed === null) return '';
  const { names, keeps } = removed;
  const oldest =
    names.length === 1
      ? `the oldest, ${names[0]}, was`
      : `the ${names.length} oldest, ${names[0]} to ${names[names.length - 1]}, were`;
  const { records, bytes } = keeps;
  const kept =
    records !== undefined && bytes !== undefined
      ? `${records} records and ${sizeText(bytes)} of them`
      : records !== undefined
        ? `${records} record${records === 1 ? '' : 's'}`
        : `${sizeText(bytes ?? 0)} of records`;
  return `; ${oldest} removed to make room: this server keeps ${kept} at most`;
}

/** `12,345,678 bytes`: a size told exactly, in the player's words. */
function bytesText(bytes: number): string {
  return `${String(bytes).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} bytes`;
}
