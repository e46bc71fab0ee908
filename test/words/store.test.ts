import { bySeed } from '../../src/engine';
import type { StoreNews } from '../../src/store/news';
import { recordText, storeNote } from '../../src/words/store';

const said = (news: StoreNews): string => storeNote(news).text;

describe("the store's news in the player's words", () => {
  it('says what became of a save a start could not use or read', () => {
    const reason = 'it is not UTF-8 text';
    expect(
      said({ kind: 'save-set-aside', file: 'g.txt', reason, aside: { moved: '/s/g.bad' } }),
    ).toBe('Your saved game g.txt could not be used (it is not UTF-8 text); moved to /s/g.bad.');
    expect(said({ kind: 'save-set-aside', file: 'g.txt', reason, aside: { failed: 'busy' } })).toBe(
      'Your saved game g.txt could not be used (it is not UTF-8 text); could not be moved aside: busy.',
    );
    expect(storeNote({ kind: 'saves-unlisted', dir: '/s', reason: 'permission denied' })).toEqual({
      text: "Can't look through your saved games in /s (permission denied): they are left as they are until it can be read.",
      warning: true,
    });
  });

  it('names a game resumed, with what the keys do and whether another game is open', () => {
    const news = {
      kind: 'resumed',
      saved: new Date(2026, 10, 22, 14, 5).toISOString(),
      deal: bySeed('42'),
      moves: 1,
      sameDeal: false,
      othersInUse: true,
    } as const;
    expect(said(news)).toBe(
      'Resumed your game from 2026-11-22 14:05: seed 42, 1 move. n starts a new one. ' +
        'Another of your games is open in another spider session.',
    );
    expect(said({ ...news, moves: 2, sameDeal: true, othersInUse: false })).toMatch(
      /, 2 moves\. R restarts this deal\.$/,
    );
  });

  it('warns once, during play only, that a game cannot be saved', () => {
    expect(storeNote({ kind: 'cannot-save', reason: 'the disk is full' })).toEqual({
      text: "Can't save this game: the disk is full. Play goes on, but it will not be kept.",
      warning: true,
      duringPlay: true,
    });
  });

  it('words the games open elsewhere by how many there are', () => {
    expect(said({ kind: 'others-elsewhere', inUse: 1 })).toBe(
      'Your other game is open in another spider session; this is a new one.',
    );
    expect(said({ kind: 'others-elsewhere', inUse: 2 })).toBe(
      'Your other games are open in other spider sessions; this is a new one.',
    );
  });

  it('says what a win sets, or why its records were not checked', () => {
    expect(said({ kind: 'won', records: ['first win', 'best streak: 2'] })).toBe(
      'You won! New records: first win; best streak: 2.',
    );
    expect(said({ kind: 'won-unchecked', damaged: 2 })).toBe(
      'You won! Records not checked: 2 damaged lines in your statistics.',
    );
  });

  it('says why a record could not be written, and what was removed to make room', () => {
    const removed = { names: ['a.txt', 'b.txt'], keeps: { records: 1 } };
    expect(recordText({ kind: 'record-failed', reason: 'the disk is full (/r)', removed })).toBe(
      "Can't write the record: the disk is full (/r); the 2 oldest, a.txt to b.txt, were removed " +
        'to make room: this server keeps 1 record at most.',
    );
    const stuck = { kind: 'stuck', name: 'a.txt', reason: 'busy', before: 1 } as const;
    expect(recordText({ kind: 'record-no-room', why: stuck })).toBe(
      "Can't write the record: the oldest record, a.txt, could not be removed to make room " +
        '(busy); 1 older record was removed before it.',
    );
    expect(recordText({ kind: 'record-no-room', why: { kind: 'link', folder: '/r' } })).toBe(
      "Can't write the record: /r is a symbolic link, which is not followed.",
    );
    expect(
      recordText({ kind: 'record-names-taken', stem: 'spider-1-x', folder: '/r', removed: null }),
    ).toBe("Can't write the record: too many files named spider-1-x in /r.");
  });
});
