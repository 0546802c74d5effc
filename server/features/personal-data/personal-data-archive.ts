import { strToU8, zipSync, type Zippable } from 'fflate';
import { personalDataSchema } from '../../../shared/api/personal-data-export';
import { snakify } from '../../../shared/api/case';
import type { PersonalArchive } from './personal-data';
import { personalDataWorkbook } from './personal-data-xlsx';

// Portability (docs/personal-data.md 'Getting a copy'): one zip a person can keep, read and take elsewhere. data.json is the
// machine-readable copy (documented by personalDataSchema, in the OpenAPI document under the
// export routes), data.xlsx the readable one, then the stored files as they were uploaded.

export const README = `Your personal data from Bitstone Hub
====================================

This archive holds everything Bitstone Hub keeps about you:

  data.json   every section, machine-readable (UTF-8 JSON, snake_case keys; its shape is
              documented in the hub's API document, /api/docs, under the data-export routes)
  data.xlsx   the same sections as a workbook, one sheet each
  picture.*   your profile picture, if you uploaded one
  vpn/        your VPN file, if there is one

Sections: profile and extra details, role, teams, objectives and key results you own or
wrote, check-ins you recorded or that were recorded on your key results, evaluations about
you, notifications and their settings, theme, sign-in history, sessions (device, times and
addresses), holidays, time tracking, invitations, the calendar feeds you have on, changes
made to your account, and what you changed as an admin (kind and time only).

Other people appear only by name (an objective's owner, a check-in's author, an evaluator).
Secrets are never included: no password, password hash, session token, calendar feed address
('token withheld': the hub keeps only a fingerprint of it) or one-time password.
Timestamps are in UTC (ISO 8601 in data.json).
`;

/** The archive's bytes. Pictures and the workbook are compressed already: they are stored as they are. */
export async function personalDataZip(archive: PersonalArchive): Promise<Uint8Array> {
  // checked against the documented shape before it leaves the hub, like every answer of the API
  const data = personalDataSchema.parse(archive.data);
  const entries: Zippable = {
    'README.txt': strToU8(README),
    'data.json': strToU8(`${JSON.stringify(snakify(data), null, 2)}\n`),
    'data.xlsx': [personalDataWorkbook(data), { level: 0 }],
  };
  for (const file of archive.files) entries[file.fileName] = [file.data, { level: file.contentType.startsWith('image/') ? 0 : 6 }];
  return zipSync(entries, { level: 6, mtime: new Date(data.generatedAt) });
}
