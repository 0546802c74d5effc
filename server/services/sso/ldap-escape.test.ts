import { describe, expect, it } from 'vitest';
import { escapeDnValue, escapeFilterValue, fillTemplate } from './ldap-escape';

describe('LDAP escaping of the typed username (RFC 4514, RFC 4515)', () => {
  it('a filter value cannot widen the search', () => {
    expect(escapeFilterValue('x)(uid=*')).toBe('x\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b')).toBe('a\\5cb');
    expect(escapeFilterValue('elena')).toBe('elena');
    expect(fillTemplate('(&(objectClass=person)(uid={username}))', '*', escapeFilterValue)).toBe('(&(objectClass=person)(uid=\\2a))');
  });

  it('a DN value cannot name another entry', () => {
    expect(escapeDnValue('a,ou=admins')).toBe('a\\,ou\\=admins');
    expect(escapeDnValue('#x')).toBe('\\#x');
    expect(escapeDnValue(' x ')).toBe('\\ x\\ ');
    expect(escapeDnValue('o"k+<;>')).toBe('o\\"k\\+\\<\\;\\>');
    expect(fillTemplate('uid={username},ou=people,dc=example,dc=org', 'elena', escapeDnValue)).toBe('uid=elena,ou=people,dc=example,dc=org');
  });
});
