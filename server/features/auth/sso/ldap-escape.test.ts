import { describe, expect, it } from 'vitest';
import { bindDnFor, escapeDnValue, searchFilterFor } from './ldap-escape';

describe('LDAP escaping of the typed username (RFC 4514, RFC 4515)', () => {
  it('a filter value cannot widen the search', () => {
    const filter = (username: string) => searchFilterFor('(&(objectClass=person)(uid={username}))', username);
    expect(filter('*')).toBe('(&(objectClass=person)(uid=\\2a))');
    expect(filter('x)(uid=*')).toBe('(&(objectClass=person)(uid=x\\29\\28uid=\\2a))');
    expect(filter('a\\2a')).toBe('(&(objectClass=person)(uid=a\\5c2a))');
    expect(filter('ana\u0000')).toBe('(&(objectClass=person)(uid=ana\\00))');
    expect(filter('elena')).toBe('(&(objectClass=person)(uid=elena))');
  });

  it('a DN value cannot name another entry', () => {
    expect(escapeDnValue('a,ou=admins')).toBe('a\\,ou\\=admins');
    expect(escapeDnValue('#x')).toBe('\\#x');
    expect(escapeDnValue(' x ')).toBe('\\ x\\ ');
    expect(escapeDnValue('o"k+<;>')).toBe('o\\"k\\+\\<\\;\\>');
    expect(escapeDnValue('ana\u0000')).toBe('ana\\00');
    expect(escapeDnValue(' ')).toBe('\\ ');
    expect(escapeDnValue('a\\ ')).toBe('a\\\\\\ ');
    expect(bindDnFor('uid={username},ou=people,dc=example,dc=org', 'elena')).toBe('uid=elena,ou=people,dc=example,dc=org');
  });
});
