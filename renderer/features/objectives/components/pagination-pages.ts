// The objectives paginator's figures (docs/api.md 'Lists and pages'). When the hub stopped counting at
// its bound, the total is a floor: the pages run to the last one known to exist, Next stays on,
// and the page after re-counts from further on, so the paginator grows as the user goes.

export interface PagerInput {
  page: number;
  total: number;
  /** false when the hub counted only up to its bound and more match */
  totalIsExact: boolean;
  pageSize: number;
}

export interface Pager {
  /** whether there is anything to page through */
  visible: boolean;
  /** the page numbers shown: up to five around the current one */
  numbers: number[];
  hasPrevious: boolean;
  hasNext: boolean;
  /** pages exist past the last number shown (an ellipsis says so) */
  more: boolean;
  /** "100+ objectives" when the count stopped at its bound */
  label: string;
}

const WINDOW = 5;

export function pagerOf({ page, total, totalIsExact, pageSize }: PagerInput): Pager {
  // Inexact: the hub counted past the requested page by five pages, so these all exist.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.max(1, Math.min(page - 2, lastPage - (WINDOW - 1)));
  const numbers = Array.from({ length: Math.min(WINDOW, lastPage) }, (_, i) => from + i);
  const count = total.toLocaleString('en-GB');
  return {
    visible: lastPage > 1 || !totalIsExact,
    numbers,
    hasPrevious: page > 1,
    hasNext: totalIsExact ? page < lastPage : true,
    more: numbers[numbers.length - 1] < lastPage || !totalIsExact,
    label: totalIsExact ? `${count} objectives` : `${count}+ objectives`,
  };
}
