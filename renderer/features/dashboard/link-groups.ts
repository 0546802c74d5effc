import type { Link } from '../../../shared/api/links';

// spec §2 Dashboard: a category filter (none chosen means all), a name search (case-insensitive)
// and links grouped by category.

export interface LinkGroup {
  category: string;
  links: Link[];
}

export function filterLinks(links: readonly Link[], categories: readonly string[], search: string): Link[] {
  const needle = search.trim().toLowerCase();
  return links.filter(
    (link) => (categories.length === 0 || categories.includes(link.category)) && (!needle || link.name.toLowerCase().includes(needle)),
  );
}

/** Groups in alphabetical order of category, links by name inside each. */
export function groupByCategory(links: readonly Link[]): LinkGroup[] {
  const groups = new Map<string, Link[]>();
  for (const link of links) groups.set(link.category, [...(groups.get(link.category) ?? []), link]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, items]) => ({ category, links: [...items].sort((x, y) => x.name.localeCompare(y.name)) }));
}

export function categoriesOf(links: readonly Link[]): string[] {
  return [...new Set(links.map((l) => l.category))].sort((a, b) => a.localeCompare(b));
}
