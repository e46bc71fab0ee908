/**
 * Colour for the text the headless commands print (a board, the statistics): Node's own
 * `util.styleText` (Node 20.12 and later), where a package did the same work before. Whether to
 * colour at all is decided by the caller (`--color`, docs/rules.md, "The rules in short"), never here: Node 22 and later
 * would otherwise check the standard output and the environment again, and `--color always`
 * piped into a file must colour still.
 */
import { styleText } from 'util';

/** The styles the program's text uses. */
export type Style = 'bold' | 'dim' | 'red' | 'blue' | 'green';

/** Paints text in one style, or leaves it as it is. */
export type Paint = (style: Style, text: string) => string;

const painted: Paint = (style, text) => styleText(style, text, { validateStream: false });
const plain: Paint = (_style, text) => text;

/** A painter that colours when `color` is set, and otherwise writes no escape code at all. */
export function paintFor(color: boolean): Paint {
  return color ? painted : plain;
}
