import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { globalSearchAtom } from '../../../lib/search';
import { pageOf, usePaging } from './use-paged';

/**
 * A list the screen already holds, filtered by the header's global search (spec §2) and paged
 * on the screen: `matching` is every row the search keeps; `pages` is what AdminTable shows of them.
 *
 * A row just added (`markAdded`) lands where the list's order puts it, often past the first
 * page: the table turns to its page once the reloaded list holds it, and marks it. When the
 * search leaves it out, `addedHidden` is that row, for the screen to say so.
 */
export function useSearchedPages<T extends { id: number }>(items: readonly T[] | undefined, searchIn: (item: T) => string[]) {
  const search = useAtomValue(globalSearchAtom).trim().toLowerCase();
  const paging = usePaging();
  const [added, setAdded] = useState<{ id: number; placed: boolean } | null>(null);
  const matching = (items ?? []).filter((item) => !search || searchIn(item).some((text) => text.toLowerCase().includes(search)));
  if (added && !added.placed) {
    const index = matching.findIndex((item) => item.id === added.id);
    // adjusted while rendering (React re-renders at once), so no frame shows the old page
    if (index >= 0) {
      setAdded({ id: added.id, placed: true });
      paging.setPage(Math.floor(index / paging.size) + 1);
    }
  }
  const { rows, page } = pageOf(matching, paging.page, paging.size);
  const addedHidden = added && !matching.some((item) => item.id === added.id) ? ((items ?? []).find((item) => item.id === added.id) ?? null) : null;
  return {
    search,
    matching,
    pages: { rows, total: matching.length, page, paging, highlight: added?.id ?? null },
    markAdded: (id: number) => setAdded({ id, placed: false }),
    addedHidden,
  };
}
