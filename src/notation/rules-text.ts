import type { Rules } from '../engine';

/** One line naming the rules in force, as the board and messages show them. */
export function rulesSummary(rules: Rules): string {
  const suits = `${rules.suits} suit${rules.suits === 1 ? '' : 's'}`;
  const removal = rules.keepSuits ? 'keep suits' : 'suits removed at once';
  return `${suits}, relaxed ${rules.relaxed}, ${removal}`;
}
