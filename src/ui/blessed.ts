/**
 * How the game loads blessed (see docs/measurements.md, "Start-up"):
 *
 * - only its screen: `require('blessed')` loads every widget blessed has (forms, images, a
 *   terminal emulator...), which takes longer than the rest of the program; the screen module
 *   brings in what a screen needs (program, tput, colours, the base widgets);
 * - terminfo entries in ncurses' extended-number format are read (terminfo.ts), instead of
 *   failing over to blessed's own old copies;
 * - each terminfo capability is compiled to a function the first time it is used, not all four
 *   hundred of them at start: a screen uses a few dozen.
 *
 * blessed is unmaintained (0.1.81, pinned), so the two functions replaced here will not change
 * under the game.
 */
import type { Widgets } from 'blessed';
import { sixteenBitTerminfo } from './terminfo';

export type { Widgets };

type ScreenClass = new (options: Widgets.IScreenOptions) => Widgets.Screen;

/** The parts of blessed's Tput (lib/tput.js) replaced here. */
interface TputPrototype {
  parseTerminfo(this: unknown, data: Buffer, file: string): unknown;
  _compile(this: unknown, info: unknown, key: string, value: unknown): unknown;
}

let Screen: ScreenClass | undefined;

/** Adjusts blessed's terminfo reader and compiler, once per load of blessed. */
function adjustTput(tput: TputPrototype): void {
  const parse = tput.parseTerminfo;
  tput.parseTerminfo = function (data, file) {
    return parse.call(this, sixteenBitTerminfo(data), file);
  };

  // blessed's compiler turns a capability string into a function; strings are the only costly
  // kind. What the compiler reads from the Tput (padding, printf) is fixed when the Tput is
  // made, so compiling later gives the same function.
  const compile = tput._compile;
  tput._compile = function (info, key, value) {
    if (typeof value !== 'string' || value === '') return compile.call(this, info, key, value);
    let compiled: ((...args: unknown[]) => unknown) | undefined;
    return (...args: unknown[]) => {
      if (compiled === undefined) {
        try {
          compiled = compile.call(this, info, key, value) as (...args: unknown[]) => unknown;
        } catch {
          // A capability blessed cannot compile is one the terminal does without: nothing is
          // written for it, rather than the game stopping in the middle.
          compiled = () => '';
        }
      }
      return compiled(...args);
    };
  };
}

/** blessed's screen (what `blessed.screen(options)` returns), without the other widgets. */
export function screen(options: Widgets.IScreenOptions): Widgets.Screen {
  if (Screen === undefined) {
    // Plain requires: the build leaves blessed outside the bundle (it reads files next to its
    // own code), and blessed's typings describe only the package's main module.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const Tput = require('blessed/lib/tput') as { prototype: TputPrototype };
    adjustTput(Tput.prototype);
    Screen = require('blessed/lib/widgets/screen') as ScreenClass;
    /* eslint-enable @typescript-eslint/no-require-imports */
  }
  return new Screen(options);
}
