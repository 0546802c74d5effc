import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

// Drizzle writes a select list's columns bare ("user_id") when the query reads one table. Inside
// a subquery a bare name means the subquery's own column where it has one, so a correlated
// subquery in a select list silently compared a column with itself (the who's-out kind of leave,
// the users export's teams and manager). Such subqueries name the outer column with this.

/** `"table"."column"`, whatever the query around it. */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
