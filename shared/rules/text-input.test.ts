import { describe, expect, it } from 'vitest';
import { isStorableText, storableText, TEXT_MESSAGES, textProblem, textProblemMessage } from './text-input';

describe('textProblem', () => {
  it('lets through what people write: accents, emoji (a surrogate pair), tabs and line breaks', () => {
    for (const text of ['', 'Ana-Maria Ștefănescu', 'Zoë 😀 👩‍💻', '東京', 'first\tsecond', 'line one\nline two\r\nline three\r', '\u00a0\u200b\u007f\u0085\ufeff'])
      expect(textProblem(text), JSON.stringify(text)).toBeNull();
  });

  it('refuses NUL and the other C0 controls anywhere in the text', () => {
    for (const text of ['\u0000', 'a\u0000b', '😀\u0000', '\u0001', 'bell\u0007', 'vertical\u000btab', 'form\u000cfeed', 'escape\u001b[31m', '\u001f'])
      expect(textProblem(text), JSON.stringify(text)).toEqual({ message: TEXT_MESSAGES.control });
  });

  it('refuses a lone surrogate, high or low, at either end or in the middle', () => {
    for (const text of ['\ud800', '\udc00', 'a\ud83d', '\ude00b', 'x\udbffy', '😀\ud800', '\udc00😀'])
      expect(textProblem(text), JSON.stringify(text)).toEqual({ message: TEXT_MESSAGES.surrogate });
  });

  it('names the line of the first bad character in text of several lines, as the CSV reader counts them', () => {
    expect(textProblem('header\nok\nbad\u0000')).toEqual({ message: TEXT_MESSAGES.control, line: 3 });
    expect(textProblem('a\r\nb\r\n\ud800')).toEqual({ message: TEXT_MESSAGES.surrogate, line: 3 });
    expect(textProblem('a\rb\u0000\nc')).toEqual({ message: TEXT_MESSAGES.control, line: 2 });
    expect(textProblemMessage({ message: TEXT_MESSAGES.control, line: 3 })).toBe('Must not contain control characters such as NUL (line 3).');
    expect(textProblemMessage({ message: TEXT_MESSAGES.control })).toBe(TEXT_MESSAGES.control);
  });
});

describe('storableText', () => {
  it('replaces each unstorable character and keeps the rest, pairs included', () => {
    expect(storableText('a\u0000b\ud800c😀\nd')).toBe('a\ufffdb\ufffdc😀\nd');
    expect(isStorableText(storableText('\u0000\u0000\udfff\ud800'))).toBe(true);
  });
});
