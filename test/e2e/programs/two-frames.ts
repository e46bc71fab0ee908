/**
 * Paints two frames with the screen adapter, for the adapter test in screen.test.ts: the second
 * changes the double-width characters of the first but not where they stand, then a key ends it.
 */
import { Frame } from '../../../src/ui/frame';
import { openScreen } from '../../../src/ui/screen';

const theme = { ascii: false, color: false, fourColor: false };
const lines = process.argv.slice(2);
let shown = 0;

function frameOf(text: string): Frame {
  const frame = new Frame(screen.width, screen.height);
  frame.put(0, 0, text);
  frame.put(0, 1, `frame ${shown + 1}`);
  return frame;
}

const screen = openScreen({ input: process.stdin, output: process.stdout }, theme, {
  input() {
    shown++;
    if (shown < lines.length) screen.show({ frame: frameOf(lines[shown]), board: null });
    else {
      screen.destroy();
      process.exit(0);
    }
  },
  resize() {},
  hangup() {
    process.exit(1);
  },
});
screen.show({ frame: frameOf(lines[0]), board: null });
