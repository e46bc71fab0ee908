/**
 * Terminal input decoded: the text a terminal sends (keys, escape sequences, mouse reports)
 * turned into one event per key press or mouse report. Pure and incremental, so a sequence split
 * across two reads (common over SSH) is put together again, and every event of a read is kept.
 *
 * The game decodes input itself rather than through blessed: blessed emits two key events for
 * one Enter (`enter` and `return`), drops every key of a read that also holds a mouse report,
 * keeps only the first of several mouse reports in one read, and reports a drag (a motion report)
 * as a button press.
 */

/** A key: its name (`a`, `enter`, `C-l`, `M-x`, `up`, `S-tab`) and the character typed, if any. */
export interface KeyEvent {
  readonly type: 'key';
  readonly name: string;
  readonly ch?: string;
}

/** A mouse report at a 0-based cell. `drag` is motion with a button held; `move` without one. */
export interface MouseEvent {
  readonly type: 'mouse';
  readonly action: 'press' | 'release' | 'drag' | 'move' | 'wheel-up' | 'wheel-down';
  readonly button: 'left' | 'middle' | 'right' | 'none';
  readonly x: number;
  readonly y: number;
}

export type InputEvent = KeyEvent | MouseEvent;

/** How long a lone ESC waits for the rest of a sequence before it counts as the Escape key. */
export const ESCAPE_WAIT_MS = 50;

const key = (name: string, ch?: string): KeyEvent =>
  ch === undefined ? { type: 'key', name } : { type: 'key', name, ch };

/** Control characters by code: the keys that send them. */
function controlKey(code: number): KeyEvent {
  switch (code) {
    case 0x0d:
    case 0x0a:
      return key('enter', '\r');
    case 0x09:
      return key('tab', '\t');
    case 0x08:
    case 0x7f:
      return key('backspace');
    case 0x00:
      return key('C-space');
    case 0x1b:
      return key('escape');
  }
  if (code < 0x1b) return key(`C-${String.fromCharCode(code + 0x60)}`);
  return key(`C-${String.fromCharCode(code + 0x40)}`); // 0x1c..0x1f: C-\ C-] C-^ C-_
}

/** `CSI n ~` keys. */
const TILDE_KEYS: Record<string, string> = {
  '1': 'home',
  '2': 'insert',
  '3': 'delete',
  '4': 'end',
  '5': 'pageup',
  '6': 'pagedown',
  '7': 'home',
  '8': 'end',
  '11': 'f1',
  '12': 'f2',
  '13': 'f3',
  '14': 'f4',
  '15': 'f5',
  '17': 'f6',
  '18': 'f7',
  '19': 'f8',
  '20': 'f9',
  '21': 'f10',
  '23': 'f11',
  '24': 'f12',
};

/** `CSI x` and `SS3 x` keys by final character. */
const LETTER_KEYS: Record<string, string> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  E: 'clear',
  F: 'end',
  H: 'home',
  P: 'f1',
  Q: 'f2',
  R: 'f3',
  S: 'f4',
  Z: 'S-tab',
};

/** `S-`, `M-`, `C-` from an xterm modifier parameter (1 + shift 1 + alt 2 + ctrl 4). */
function modifiers(parameter: string | undefined): string {
  const value = Number(parameter ?? '1') - 1;
  if (!(value > 0)) return '';
  return `${value & 4 ? 'C-' : ''}${value & 2 ? 'M-' : ''}${value & 1 ? 'S-' : ''}`;
}

function mouseButton(code: number): MouseEvent['button'] {
  return (['left', 'middle', 'right', 'none'] as const)[code & 3];
}

/** A mouse report from its button code (xterm's Cb) and whether the button went up. */
function mouseEvent(code: number, x: number, y: number, released: boolean): MouseEvent {
  const at = { x: Math.max(0, x - 1), y: Math.max(0, y - 1) };
  if (code & 64) {
    return { type: 'mouse', action: code & 1 ? 'wheel-down' : 'wheel-up', button: 'none', ...at };
  }
  const button = mouseButton(code);
  if (code & 32) {
    return { type: 'mouse', action: button === 'none' ? 'move' : 'drag', button, ...at };
  }
  if (released || button === 'none') return { type: 'mouse', action: 'release', button, ...at };
  return { type: 'mouse', action: 'press', button, ...at };
}

/** A control sequence (`ESC [` ... final) as an event, or null for one the game has no use for. */
function csiEvent(body: string, final: string): InputEvent | null {
  if (body.startsWith('<') && (final === 'M' || final === 'm')) {
    const [code, x, y] = body.slice(1).split(';').map(Number);
    if ([code, x, y].some((n) => !Number.isInteger(n))) return null;
    return mouseEvent(code, x, y, final === 'm');
  }
  const params = body.split(';');
  if (final === '~') {
    const name = TILDE_KEYS[params[0]];
    return name ? key(`${modifiers(params[1])}${name}`) : null;
  }
  const name = LETTER_KEYS[final];
  if (!name || /[^\d;]/.test(body)) return null;
  return key(`${modifiers(params[1])}${name}`);
}

/**
 * Turns terminal input into events. `feed` takes text as it arrives and returns the events it
 * completes; an incomplete sequence at the end waits for more, and `flush` (after
 * ESCAPE_WAIT_MS without more input) settles it: a lone ESC is the Escape key, a cut-off
 * sequence is dropped.
 */
export class KeyDecoder {
  private pending = '';

  /** True while the end of the input so far may be the start of a longer sequence. */
  get waiting(): boolean {
    return this.pending !== '';
  }

  feed(text: string): InputEvent[] {
    const events: InputEvent[] = [];
    // A terminal sends Alt+key as one write, ESC and the key together. A lone ESC at the end of
    // the last read is the Escape key unless what comes now can continue a sequence.
    if (this.pending === '\x1b' && text !== '' && text[0] !== '[' && text[0] !== 'O') {
      events.push(key('escape'));
      this.pending = '';
    }
    const input = this.pending + text;
    this.pending = '';
    let i = 0;
    while (i < input.length) {
      const code = input.charCodeAt(i);
      if (code !== 0x1b) {
        const ch = String.fromCodePoint(input.codePointAt(i) ?? code);
        i += ch.length;
        events.push(code < 0x20 || code === 0x7f ? controlKey(code) : key(ch, ch));
        continue;
      }
      const sequence = this.sequence(input, i);
      if (sequence === null) {
        this.pending = input.slice(i);
        break;
      }
      if (sequence.event) events.push(sequence.event);
      i = sequence.end;
    }
    return events;
  }

  /** Settles what is waiting: a lone ESC is the Escape key; a cut-off sequence is dropped. */
  flush(): InputEvent[] {
    const waiting = this.pending;
    this.pending = '';
    return waiting === '\x1b' ? [key('escape')] : [];
  }

  /** The sequence starting with ESC at `start`: its event and where it ends, or null if cut off. */
  private sequence(input: string, start: number): { event: InputEvent | null; end: number } | null {
    const next = input[start + 1];
    if (next === undefined) return null;
    if (next === '[') return this.csi(input, start);
    if (next === 'O') {
      const final = input[start + 2];
      if (final === undefined) return null;
      const name = LETTER_KEYS[final];
      return { event: name ? key(name) : null, end: start + 3 };
    }
    if (next === '\x1b') return { event: key('escape'), end: start + 1 };
    // ESC and a character: the character with Alt (Meta) held.
    const ch = String.fromCodePoint(input.codePointAt(start + 1) ?? 0);
    const base = ch.charCodeAt(0) < 0x20 ? controlKey(ch.charCodeAt(0)).name : ch;
    return { event: key(`M-${base}`), end: start + 1 + ch.length };
  }

  private csi(input: string, start: number): { event: InputEvent | null; end: number } | null {
    let i = start + 2;
    // X10 mouse report: ESC [ M and three bytes offset by 32.
    if (input[i] === 'M') {
      if (input.length < i + 4) return null;
      const [b, x, y] = [1, 2, 3].map((k) => input.charCodeAt(i + k) - 32);
      const event = mouseEvent(b, x, y, (b & 3) === 3 && !(b & 64));
      return { event, end: i + 4 };
    }
    // The Linux console's F1..F5: ESC [ [ A..E.
    if (input[i] === '[') {
      if (input[i + 1] === undefined) return null;
      const name = { A: 'f1', B: 'f2', C: 'f3', D: 'f4', E: 'f5' }[input[i + 1]];
      return { event: name ? key(name) : null, end: i + 2 };
    }
    // Parameters and intermediates, then one final character (ECMA-48).
    while (i < input.length && input.charCodeAt(i) >= 0x20 && input.charCodeAt(i) <= 0x3f) i++;
    if (i >= input.length) return null;
    const final = input[i];
    const finalCode = input.charCodeAt(i);
    if (finalCode < 0x40 || finalCode > 0x7e) {
      // Not a control sequence after all: drop the ESC [ and read on from here.
      return { event: null, end: i };
    }
    return { event: csiEvent(input.slice(start + 2, i), final), end: i + 1 };
  }
}
