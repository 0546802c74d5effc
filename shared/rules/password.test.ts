import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from './messages';
import { newPasswordProblem, PASSWORD_RULES } from './password';

const owner = { username: 'ana.pop', name: 'Ana Pop', email: 'ana.pop@bitstone.test' };

describe('a new password', () => {
  it.each(['marmalade-orbit-cactus', 'correct horse battery staple', 'Zs9#kLm2pQ!x', 'k7Pq-m3Xz-w9Tr-b4Hn-c2Fd'])('%s will do', (password) => {
    expect(newPasswordProblem(password, owner)).toBeNull();
  });

  it('is at least 12 characters, counted as a person counts them, and at most 200', () => {
    expect(newPasswordProblem('Zs9#kLm2pQ!', owner)).toBe(PASSWORD_MESSAGES.tooShort);
    // 11 emoji are 22 UTF-16 units but 11 characters
    expect(newPasswordProblem('🦊🌵🪐🎷🧭🛶🪁🧩🦉🍄🎈', owner)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPasswordProblem(`${'marmalade-orbit-cactus '.repeat(9)}`.slice(0, PASSWORD_RULES.maxLength + 1), owner)).toBe(PASSWORD_MESSAGES.tooLong);
    expect(PASSWORD_MESSAGES.tooShort).toContain(String(PASSWORD_RULES.minLength));
    expect(PASSWORD_MESSAGES.tooLong).toContain(String(PASSWORD_RULES.maxLength));
  });

  it('is not the username, nor holds it, in any case or compatibility form', () => {
    expect(newPasswordProblem('ana.pop', { username: 'ana.pop' })).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPasswordProblem('ana.pop.marmalade', owner)).toBe(PASSWORD_MESSAGES.hasUsername);
    expect(newPasswordProblem('orbit-ANA.POP-cactus', owner)).toBe(PASSWORD_MESSAGES.hasUsername);
    expect(newPasswordProblem('orbit-ａｎａ.ｐｏｐ-cactus', owner)).toBe(PASSWORD_MESSAGES.hasUsername);
    expect(newPasswordProblem('administrator', { username: 'administrator' })).toBe(PASSWORD_MESSAGES.hasUsername);
  });

  it('is not one of the most common passwords, nor one with a trivial twist', () => {
    for (const password of ['password1234', 'Password1234!', 'p@ssw0rd1234', 'qwertyuiop123', 'iloveyou2024', '123456789012', 'abcdefghijkl', 'letmein123456']) {
      expect(newPasswordProblem(password, owner), password).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it("counts the person's own name and email as guessable", () => {
    const named = { username: 'j.doe', name: 'Zorbanek Quillastro', email: 'vintrelo@bitstone.test' };
    expect(newPasswordProblem('zorbanekquillastro', named)).toBe(PASSWORD_MESSAGES.common);
    expect(newPasswordProblem('quillastrovintrelo', named)).toBe(PASSWORD_MESSAGES.common);
    expect(newPasswordProblem('zorbanekquillastro', { username: 'j.doe' })).toBeNull();
  });
});
