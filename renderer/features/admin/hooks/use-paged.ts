import { useState } from 'react';
import { TABLE_PAGE_SIZES } from '../../../../shared/rules/constants';

export type PageSize = (typeof TABLE_PAGE_SIZES)[number];

export interface Paging {
  page: number;
  size: PageSize;
  setPage: (page: number) => void;
  setSize: (size: PageSize) => void;
}

/** spec §9: tables show 5 rows per page, with 5, 10 and 15 offered. */
export function usePaging(): Paging {
  const [page, setPage] = useState(1);
  const [size, setSizeState] = useState<PageSize>(TABLE_PAGE_SIZES[0]);
  return { page, size, setPage, setSize: (next) => { setSizeState(next); setPage(1); } };
}

/** One page of a list the screen already holds; a page past the end falls back to the last one. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { rows: T[]; page: number } {
  const last = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), last);
  return { rows: items.slice((current - 1) * size, current * size), page: current };
}
