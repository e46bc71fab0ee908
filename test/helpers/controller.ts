/** Driving the pure controller with commands, as the controller's and the pick-up's tests do. */
import type { HintEngine } from '../../src/search';
import { type Command, type ControllerDeps, update } from '../../src/ui/controller';
import type { UiState } from '../../src/ui/state';

export const THEME = { ascii: false, color: false, fourColor: false };
export const noHints: HintEngine = { hints: () => [] };
export const deps: ControllerDeps = { randomSeed: () => '777', hints: noHints };

/** Runs commands in order, returning the final state and the last effect. */
export function run(state: UiState, ...commands: Command[]) {
  let effect = null as ReturnType<typeof update>['effect'];
  for (const command of commands) {
    const result = update(state, command, deps);
    state = result.state;
    effect = result.effect;
  }
  return { state, effect };
}

export const col = (column: number): Command => ({ kind: 'column', column });
export const key = (kind: Exclude<Command['kind'], 'column' | 'press' | 'release' | 'other'>) =>
  ({ kind }) as Command;
/** A key with no meaning. */
export const other: Command = { kind: 'other', key: 'z' };

/** A key pressed with the new-game panel open. */
export const panelKey = (name: string, ch?: string): Command =>
  ch === undefined ? { kind: 'panel-key', name } : { kind: 'panel-key', name, ch };
/** Characters typed on the new-game panel, one key each. */
export const typed = (text: string): Command[] => [...text].map((ch) => panelKey(ch, ch));
/** `n` then Enter: a new game of the panel's choice (the same rules, a random deal). */
export const newDeal: Command[] = [{ kind: 'new' }, panelKey('enter')];
