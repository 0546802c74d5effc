import { describe, expect, it } from 'vitest';
import { pageOf } from './use-paged';

describe('table pages', () => {
  const items = Array.from({ length: 12 }, (_, i) => i + 1);

  it('slices five rows per page', () => {
    expect(pageOf(items, 1, 5)).toEqual({ rows: [1, 2, 3, 4, 5], page: 1 });
    expect(pageOf(items, 3, 5)).toEqual({ rows: [11, 12], page: 3 });
  });

  it('falls back to the last page when the list shrank (after a delete or a search)', () => {
    expect(pageOf(items, 9, 10)).toEqual({ rows: [11, 12], page: 2 });
    expect(pageOf([], 4, 5)).toEqual({ rows: [], page: 1 });
  });
});
