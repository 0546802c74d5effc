import { EVALUATION_FIELDS, type EvaluationField } from '../../../shared/rules/constants';
import type { Tx } from '../client';
import * as schema from '../schema';
import { addDays } from './dates';
import { EVALUATION_TEXTS } from './evaluation-texts';
import { insertChunked } from './insert';
import type { Company, SeededPerson } from './people';
import type { Random } from './random';

// objective-tracking §6: only team leads and teams managers write evaluations, here about the
// people who report to them, one to three each over the last two years.

export async function insertEvaluations(tx: Tx, company: Company, random: Random): Promise<void> {
  const rows: Array<typeof schema.evaluations.$inferInsert> = [];
  const evaluators = new Set(company.people.filter((p) => p.leadOf.length > 0 || p.manages.length > 0).map((p) => p.username));
  for (const person of company.people) {
    if (!person.teamlead || !evaluators.has(person.teamlead) || !person.registered) continue;
    const author = company.byUsername.get(person.teamlead);
    if (!author) continue;
    const count = person.username === 'member' ? 2 : random.weighted([[1, 2], [2, 3], [3, 1]]);
    for (let i = 0; i < count; i++) rows.push(evaluation(person, author, addDays(company.now, -random.int(i * 240 + 5, i * 240 + 230)), random));
  }
  await insertChunked(tx, schema.evaluations, rows);
}

function evaluation(person: SeededPerson, author: SeededPerson, createdAt: Date, random: Random): typeof schema.evaluations.$inferInsert {
  const first = person.name.split(' ')[0];
  const text = (field: EvaluationField) => random.pick(EVALUATION_TEXTS[field]).replace('{first}', first);
  const [
    technicalExpertise, teamwork, flexibility, resultsFocus, languages, continualLearning,
    safetyFocus, communication, initiative, openDiscussion, targets,
  ] = EVALUATION_FIELDS.map(text);
  return {
    userId: person.id, authorId: author.id, createdAt, technicalExpertise, teamwork, flexibility, resultsFocus,
    languages, continualLearning, safetyFocus, communication, initiative, openDiscussion, targets,
  };
}
