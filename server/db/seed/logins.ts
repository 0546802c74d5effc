import type * as schema from '../schema';
import { addDays, addMonths, isWeekend, startOfDay } from './dates';
import type { SeededPerson } from './people';
import type { Random } from './random';

export interface LoginHistory {
  events: Array<typeof schema.loginEvents.$inferInsert>;
  lastLogin: Map<string, Date>;
}

/**
 * Six months of successful sign-ins (objective-tracking §2: statistics 'by login date'). Only
 * people who have signed in before have a history: unregistered newcomers and those still on
 * their first login (the stepper's `lead` and `member`) have none and no last login.
 */
export function buildLoginHistory(people: readonly SeededPerson[], random: Random, now: Date): LoginHistory {
  const events: LoginHistory['events'] = [];
  const lastLogin = new Map<string, Date>();
  const from = startOfDay(addMonths(now, -6));
  const today = startOfDay(now);
  for (const person of people) {
    if (!person.registered || person.firstLogin || person.status !== 'active') continue;
    // Some sign in almost every working day, others once a week or so.
    const habit = 0.15 + random.next() * 0.65;
    const address = `10.20.${random.int(1, 30)}.${random.int(2, 250)}`;
    for (let day = from; day < today; day = addDays(day, 1)) {
      if (isWeekend(day) || !random.chance(habit)) continue;
      const at = new Date(day.getTime() + (6 * 60 + random.int(0, 240)) * 60_000);
      events.push({ userId: person.id, username: person.username, address, success: true, createdAt: at });
      lastLogin.set(person.username, at);
    }
  }
  return { events, lastLogin };
}
