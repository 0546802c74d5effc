import { describe, expect, it } from 'vitest';
import type { ByTeamEntry } from '../../../../shared/api/statistics';
import { splitSummary, teamSummary, TEAMS_NAMED } from './chart-summary';

const row = (name: string, inTime: number, overdue = 0) => ({ name, inTime, overdue });
const team = (id: number, name: string, total: number): ByTeamEntry => ({
  team: { id, name }, statusDistribution: [{ status: 'active', inTime: total, overdue: 0, total }], total, percent: 0, atRisk: 0, offTrack: 0,
});

describe('chart summaries', () => {
  it('by status: each status with its count and overdue share, the total, and the largest', () => {
    expect(splitSummary('Objectives by status', [row('completed', 10, 2), row('in progress', 5), row('rejected', 2)])).toBe(
      'Objectives by status, 19 in all: 12 completed (2 overdue), 5 in progress, 2 rejected; most: completed.',
    );
  });
  it('leaves out what has none, as the bars do, and names every largest on a tie', () => {
    expect(splitSummary('Objectives by category', [row('Technology', 3), row('Business', 0), row('People', 1, 2)])).toBe(
      'Objectives by category, 6 in all: 3 Technology, 3 People (2 overdue); most: Technology and People.',
    );
  });
  it('says none when nothing is counted', () => {
    expect(splitSummary('Objectives by status', [])).toBe('Objectives by status: none.');
    expect(splitSummary('Objectives by status', [row('active', 0)])).toBe('Objectives by status: none.');
    expect(teamSummary('Objectives by team', [team(1, 'QA', 0)])).toBe('Objectives by team: none.');
  });
  it('by team: each team with its objectives, in the order drawn', () => {
    expect(teamSummary('Objectives by team', [team(1, 'Frontend', 4), team(2, 'DevOps', 8)])).toBe(
      'Objectives by team, 12 in all: 4 in Frontend, 8 in DevOps; most: DevOps.',
    );
  });
  it(`past ${TEAMS_NAMED} teams: the largest named, the rest counted, the total still of all`, () => {
    const teams = [1, 2, 3, 4, 5, 6, 7].map((n) => team(n, `Team ${n}`, n));
    expect(teamSummary('Objectives by team', teams)).toBe(
      'Objectives by team, 28 in all: 7 in Team 7, 6 in Team 6, 5 in Team 5, 4 in Team 4, 3 in Team 3 and 2 more teams; most: Team 7.',
    );
  });
});
