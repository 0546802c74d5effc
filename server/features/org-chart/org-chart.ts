import { sql } from 'drizzle-orm';
import type { OrgChartPerson } from '../../../shared/api/org-chart';
import type { DbOrTx } from '../../db/client';
import { jobs, teamMembers, teams, users } from '../../db/schema';
import type { Actor } from '../../../shared/rules/session-user';
import { imagePathOf } from '../team';
import { presenceFor } from '../holidays';

// GET /org-chart: one query for the whole company, so 2,000 people cost one
// round trip. The manager is the profile's 'Direct Manager' (session-user directManager): the set
// manager, else the first-named active lead of one of the person's active teams.

interface Row {
  id: number;
  name: string;
  job_title: string | null;
  image_url: string | null;
  picture_file_id: string | null;
  status: string;
  teams: string[] | null;
  manager_id: number | null;
}

export async function orgChart(db: DbOrTx, viewer: Actor, includeArchived: boolean): Promise<OrgChartPerson[]> {
  // everyone's presence from one read of the coming weeks' leave, beside the one query of people
  const [result, presence] = await Promise.all([db.execute(sql`
    select u.id, u.name, j.name as job_title, u.image_url, u.picture_file_id, u.status,
      array(select t.name from ${teamMembers} tm join ${teams} t on t.id = tm.team_id
            where tm.user_id = u.id and t.status = 'active' order by t.name) as teams,
      coalesce(u.teamlead_id, (
        select l.id from ${teamMembers} mine
          join ${teams} t on t.id = mine.team_id and t.status = 'active'
          join ${teamMembers} lt on lt.team_id = mine.team_id and lt.is_lead
          join ${users} l on l.id = lt.user_id and l.status = 'active' and l.id <> u.id
        where mine.user_id = u.id order by l.name, l.id limit 1)) as manager_id
    from ${users} u left join ${jobs} j on j.id = u.job_id
    ${includeArchived ? sql`` : sql`where u.status = 'active'`}
    order by u.name, u.id`), presenceFor(db, viewer, null)]);
  // PGlite and node-postgres both answer with { rows }.
  const rows = (result as unknown as { rows: Row[] }).rows;
  const shown = new Set(rows.map((r) => Number(r.id)));
  return rows.map((r) => {
    const id = Number(r.id);
    const managerId = r.manager_id === null ? null : Number(r.manager_id);
    return {
      id,
      name: r.name,
      jobTitle: r.job_title,
      imagePath: imagePathOf({ id, imageUrl: r.image_url, pictureFileId: r.picture_file_id }),
      teams: r.teams ?? [],
      // A manager the viewer may not see (archived) leaves the person at the top of their branch.
      managerId: managerId !== null && managerId !== id && shown.has(managerId) ? managerId : null,
      status: r.status === 'deleted' ? 'deleted' : 'active',
      presence: presence.get(id) ?? null,
    };
  });
}
