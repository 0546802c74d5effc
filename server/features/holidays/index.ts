// Holidays, public holidays, who's out and the calendar feeds.
// What other features may import of it; its routes are registered by server/app.ts.

export { calendarFeeds } from './calendar-feeds-schema';
export { leaveColumn, outTodayWhere, presenceContext, presenceFor, presenceFromLeave, type PresenceContext } from './whos-out';
