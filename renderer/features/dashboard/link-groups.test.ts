import { describe, expect, it } from 'vitest';
import type { Link } from '../../../shared/api/links';
import { categoriesOf, filterLinks, groupByCategory } from './link-groups';

const link = (id: number, name: string, category: string): Link => ({
  id, name, category, url: 'https://x.example', description: '', status: 'active', pictureVersion: null,
});
const links = [link(1, 'Payslips', 'HR'), link(2, 'Git Server', 'Development'), link(3, 'Holidays App', 'HR'), link(4, 'Issue Tracker', 'Development')];

describe('dashboard links', () => {
  it('no category chosen shows every category', () => {
    expect(filterLinks(links, [], '')).toHaveLength(4);
  });

  it('keeps only the chosen categories', () => {
    expect(filterLinks(links, ['HR'], '').map((l) => l.name)).toEqual(['Payslips', 'Holidays App']);
  });

  it('searches names case-insensitively, together with the categories', () => {
    expect(filterLinks(links, [], 'GIT').map((l) => l.name)).toEqual(['Git Server']);
    expect(filterLinks(links, ['HR'], 'git')).toEqual([]);
    expect(filterLinks(links, [], '  app ').map((l) => l.name)).toEqual(['Holidays App']);
  });

  it('groups by category in alphabetical order, names sorted inside', () => {
    const groups = groupByCategory(links);
    expect(groups.map((g) => g.category)).toEqual(['Development', 'HR']);
    expect(groups[1].links.map((l) => l.name)).toEqual(['Holidays App', 'Payslips']);
    expect(categoriesOf(links)).toEqual(['Development', 'HR']);
  });
});
