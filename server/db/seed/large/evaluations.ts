import { EVALUATION_FIELDS } from '../../../../shared/rules/constants';
import type { Tx } from '../../client';
import { addDays } from '../dates';
import { EVALUATION_TEXTS } from '../evaluation-texts';
import type { Random } from '../random';
import { countRows, streamRows } from './bulk';
import type { Staff } from './people';
import type { LargeSize } from './size';

// Evaluations: every evaluated person (one with a lead) in turn, a round every half year.

export async function insertEvaluations(tx: Tx, staff: Staff, size: LargeSize, now: Date, random: Random): Promise<number> {
  const evaluated = staff.owners.filter((p) => p.leadId !== null);
  if (evaluated.length === 0) return 0;
  const wanted = Math.max(0, size.evaluations - (await countRows(tx, 'evaluations')));
  const types = Object.fromEntries([['user_id', 'int'], ['author_id', 'int'], ['created_at', 'timestamptz'], ...EVALUATION_FIELDS.map((f) => [snake(f), 'text'])]);
  return streamRows(tx, 'evaluations', types, (function* () {
    for (let i = 0; i < wanted; i++) {
      const person = evaluated[i % evaluated.length];
      const first = person.name.split(' ')[0];
      const round = Math.floor(i / evaluated.length);
      const row: Record<string, unknown> = {
        user_id: person.id, author_id: person.leadId, created_at: addDays(now, -random.int(round * 180 + 5, round * 180 + 175)).toISOString(),
      };
      for (const field of EVALUATION_FIELDS) row[snake(field)] = random.pick(EVALUATION_TEXTS[field]).replace('{first}', first);
      yield row;
    }
  })());
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
