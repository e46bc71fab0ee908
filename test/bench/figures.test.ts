/**
 * What the benchmarks print (README.md, "Test"): the percentile every benchmark works out alike.
 */
import { percentile } from '../../bench/figures';

describe('the percentile', () => {
  it('is the value at the nearest rank of the sorted figures, and 0 for none', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(ten, 0.5)).toBe(6);
    expect(percentile(ten, 0.9)).toBe(10);
    expect(percentile(ten, 0)).toBe(1);
    expect(percentile(ten, 1)).toBe(10); // never past the last
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});
