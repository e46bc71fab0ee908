/**
 * When a saved game was last played, as `spider saves` and the game's list of saved games show
 * it (docs/saves.md, "Your saved games"): in local time, `today 10:30`, `yesterday 18:02`, or
 * the date and time.
 */
export function lastPlayed(saved: string, now: Date): string {
  const at = new Date(saved);
  if (Number.isNaN(at.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const day = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const time = `${two(at.getHours())}:${two(at.getMinutes())}`;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (day(at) === day(now)) return `today ${time}`;
  if (day(at) === day(yesterday)) return `yesterday ${time}`;
  return `${day(at)} ${time}`;
}
