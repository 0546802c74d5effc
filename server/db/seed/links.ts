import { randomUUID } from 'node:crypto';
import type { Tx } from '../client';
import * as schema from '../schema';
import { drawMonogram } from './avatars';
import { insertChunked } from './insert';

// The dashboard's quick links (spec §2 Dashboard), grouped by category.

interface LinkSeed {
  name: string;
  category: string;
  url: string;
  description: string;
  /** Hue of a generated link picture; links without one show the default card. */
  pictureHue?: number;
  status?: 'deleted';
}

const LINKS: readonly LinkSeed[] = [
  { name: 'Holidays App', category: 'HR', url: 'https://holidays.bitstone.example', description: 'Request vacation days, medical leave or a day off for blood donation.', pictureHue: 140 },
  { name: 'Payslips', category: 'HR', url: 'https://payroll.bitstone.example/payslips', description: 'Monthly payslips and yearly income statements.' },
  { name: 'Benefits Platform', category: 'HR', url: 'https://benefits.bitstone.example', description: 'Choose how to spend your benefit points each quarter: medical subscriptions, gym access, books, meal tickets or extra training budget. Choices close on the 20th of the last month of each quarter.', pictureHue: 320 },
  { name: 'Employee Handbook', category: 'HR', url: 'https://wiki.bitstone.example/handbook', description: '' },
  { name: 'Git Server', category: 'Development', url: 'https://git.bitstone.example', description: 'Source code of every project, merge requests and CI pipelines.', pictureHue: 20 },
  { name: 'Issue Tracker', category: 'Development', url: 'https://jira.bitstone.example', description: 'Boards, backlogs and sprint reports for all teams.', pictureHue: 215 },
  { name: 'Package Registry', category: 'Development', url: 'https://registry.bitstone.example', description: 'Internal npm and Maven packages, with the approved versions of third-party libraries.' },
  { name: 'API Guidelines', category: 'Development', url: 'https://wiki.bitstone.example/api-guidelines', description: 'How we name endpoints, version APIs, shape errors and document them with OpenAPI. Read this before you design a new service, and ask in #architecture when something is not covered.' },
  { name: 'Time Tracking', category: 'Internal tools', url: 'https://time.bitstone.example', description: 'Log your hours against tickets; the hub re-imports them every 5 minutes.', pictureHue: 45 },
  { name: 'VPN Guide', category: 'Internal tools', url: 'https://wiki.bitstone.example/vpn', description: 'Install the VPN client and import the .ovpn file from your profile.' },
  { name: 'Meeting Rooms', category: 'Internal tools', url: 'https://rooms.bitstone.example', description: 'Book a meeting room or a desk in the Cluj office.' },
  { name: 'Status Page', category: 'Internal tools', url: 'https://status.bitstone.example', description: 'Availability of the internal services.', status: 'deleted' },
  { name: 'Learning Portal', category: 'Learning', url: 'https://learn.bitstone.example', description: 'Online courses paid from your learning and development budget (750 EUR a year). Certifications count too: ask HR before you book the exam.', pictureHue: 265 },
  { name: 'Tech Talks', category: 'Learning', url: 'https://talks.bitstone.example', description: 'Recordings of our Thursday tech talks.' },
  { name: 'Library', category: 'Learning', url: 'https://library.bitstone.example', description: 'Borrow one of the 400 books from the office library.' },
  { name: 'Office Lunch Menu', category: 'Office', url: 'https://lunch.bitstone.example', description: 'This week\'s menu from the canteen downstairs; order by 10:30.' },
  { name: 'Team Building Photos', category: 'Office', url: 'https://photos.bitstone.example', description: 'Albums from team buildings and the Christmas party.' },
];

export async function insertLinks(tx: Tx): Promise<void> {
  const pictures = LINKS.flatMap((link) => {
    if (link.pictureHue === undefined) return [];
    const data = drawMonogram({ width: 200, height: 200, hue: link.pictureHue, text: initials(link.name) });
    return [{ link: link.name, id: randomUUID(), data }];
  });
  await insertChunked(tx, schema.files, pictures.map(({ id, data, link }) => ({
    id, kind: 'link_picture', name: `${link.toLowerCase().replace(/\s+/g, '-')}.png`, contentType: 'image/png', size: data.length, data,
  })));
  const pictureOf = new Map(pictures.map((picture) => [picture.link, picture.id]));
  await insertChunked(tx, schema.links, LINKS.map((link) => ({
    name: link.name, category: link.category, url: link.url, description: link.description,
    status: link.status ?? 'active', pictureFileId: pictureOf.get(link.name) ?? null,
  })));
}

function initials(name: string): string {
  return name.split(/\s+/).slice(0, 2).map((word) => word[0]).join('');
}
