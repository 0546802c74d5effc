import { useAtomValue } from 'jotai';
import { globalSearchAtom } from '../../../lib/search';
import { pageOf, usePaging } from './use-paged';

/**
 * A list the screen already holds, filtered by the header's global search (spec §2) and paged
 * on the screen: `matching` is every row the search keeps; `pages` is what AdminTable shows of them.
 */
export function useSearchedPages<T>(items: readonly T[] | undefined, searchIn: (item: T) => string[]) {
  const search = useAtomValue(globalSearchAtom).trim().toLowerCase();
  const paging = usePaging();
  const matching = (items ?? []).filter((item) => !search || searchIn(item).some((text) => text.toLowerCase().includes(search)));
  const { rows, page } = pageOf(matching, paging.page, paging.size);
  return { search, matching, pages: { rows, total: matching.length, page, paging } };
}
