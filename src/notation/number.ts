/** A whole number as messages write it: digits in groups of three, `1,234,567`. */
export const grouped = (n: number): string => n.toLocaleString('en-US');
