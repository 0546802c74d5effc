import { describe, expect, it } from 'vitest';
import { calendarEvents, localDay } from './calendar-events';

describe('calendar events', () => {
  const events = [
    { id: 1, title: 'Ana - Vacation Day', start: '2026-12-21', end: '2026-12-23', type: 'De odihna', team: [1] },
    { id: 2, title: 'Dan - Birthday', start: '2026-12-10', end: '2026-12-10', type: 'Birthday', team: [2] },
  ];
  const publicDays = [{ localName: 'Crăciunul', date: '2026-12-25' }];

  it('draws the inclusive last day off by ending the event the next midnight', () => {
    const [ana] = calendarEvents(events, [], [], '');
    expect(ana.start).toEqual(localDay('2026-12-21'));
    expect(ana.end).toEqual(new Date(2026, 11, 24));
    expect(ana.allDay).toBe(true);
  });

  it('shows public holidays as national holidays whatever teams are selected', () => {
    const shown = calendarEvents(events, publicDays, [1], '');
    expect(shown.map((e) => [e.title, e.type])).toEqual([['Ana - Vacation Day', 'De odihna'], ['Crăciunul', 'national_holiday']]);
  });

  it('applies the title search after the team filter', () => {
    expect(calendarEvents(events, publicDays, [], 'BIRTH').map((e) => e.title)).toEqual(['Dan - Birthday']);
  });
});
