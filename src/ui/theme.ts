import { type Card, cardLabel, suitOf } from '../engine';
import type { Role } from './frame';

/**
 * How large the cards are drawn (docs/playing.md, "Screen"): `auto` draws them large where the
 * terminal has room, `small` always compact, `large` large wherever they can be drawn at all.
 */
export type CardSize = 'auto' | 'small' | 'large';
export const CARD_SIZES: readonly CardSize[] = ['auto', 'small', 'large'];

/** How the board is drawn: glyphs and colours. */
export interface Theme {
  /** Suits as letters `s h d c` instead of `♠ ♥ ♦ ♣`, and ASCII rules and markers. */
  readonly ascii: boolean;
  /** Colour at all (off with --color never, NO_COLOR, or a terminal without colour). */
  readonly color: boolean;
  /** Four-colour deck: diamonds blue and clubs green, so all four suits differ at a glance. */
  readonly fourColor: boolean;
  /** The cards' size; undefined means 'auto'. */
  readonly cards?: CardSize;
}

/** Characters that differ between Unicode and ASCII drawing. */
export interface Glyphs {
  readonly faceDown: string;
  readonly fold: string;
  readonly more: string;
  readonly stock: string;
  readonly separator: string;
}

const UNICODE_GLYPHS: Glyphs = { faceDown: '▒', fold: '┊', more: '↑', stock: '▮', separator: '·' };
const ASCII_GLYPHS: Glyphs = { faceDown: '#', fold: ':', more: '^', stock: '#', separator: '|' };

export function glyphs(theme: Theme): Glyphs {
  return theme.ascii ? ASCII_GLYPHS : UNICODE_GLYPHS;
}

const SUIT_ROLES: Role[] = ['spade', 'heart', 'diamond', 'club'];

export function cardRole(card: Card): Role {
  return SUIT_ROLES[suitOf(card)];
}

export function cardText(card: Card, theme: Theme): string {
  return cardLabel(card, theme.ascii);
}

/** Terminal colour numbers (the 16 basic colours); -1 is the terminal's default. */
export interface Paint {
  readonly fg: number;
  readonly bg: number;
  readonly bold: boolean;
  readonly inverse: boolean;
}

const DEFAULT = -1;
const RED = 1;
const GREEN = 2;
const YELLOW = 3;
const BLUE = 4;
const CYAN = 6;
const GREY = 8;

/**
 * The colours of a role. Few distinct paints keep the escape codes short: a frame that changes
 * one card rewrites one card, not its styling around it.
 */
export function paint(role: Role, highlight: boolean, theme: Theme): Paint {
  const p = (fg: number, bold = false): Paint => ({
    fg: theme.color ? fg : DEFAULT,
    bg: DEFAULT,
    bold,
    inverse: highlight,
  });
  switch (role) {
    case 'heart':
      return p(RED);
    case 'diamond':
      return p(theme.fourColor ? BLUE : RED);
    case 'club':
      return p(theme.fourColor ? GREEN : DEFAULT);
    case 'spade':
      return p(DEFAULT);
    case 'face-down':
    case 'fold':
    case 'dim':
      return p(theme.color ? GREY : DEFAULT);
    case 'title':
      return p(DEFAULT, true);
    case 'header':
      return p(DEFAULT);
    case 'focus':
      return p(DEFAULT, true);
    case 'error':
      return p(RED, true);
    case 'hint':
      return p(CYAN);
    case 'win':
      return p(GREEN, true);
    case 'key':
      return p(YELLOW);
    case 'message':
    case 'panel':
    case 'plain':
      return p(DEFAULT);
  }
}
