// Text the hub can store. PostgreSQL refuses NUL in text (and jsonb refuses the \u0000
// escape and a lone surrogate's), and a lone surrogate is not text at all: UTF-8 cannot encode it.
// The other C0 controls are refused too, save tab, line feed and carriage return (the XML 1.0
// character rule): nobody types them, and in a name they only hide what the text says. The check
// knows nothing of single- or multi-line fields, so it lets through the three a description holds.

export const TEXT_MESSAGES = {
  control: 'Must not contain control characters such as NUL.',
  surrogate: 'Must be valid text (it holds a lone surrogate).',
  fieldName: 'Field names must not contain control characters such as NUL or a lone surrogate.',
} as const;

// With the u flag a well-formed pair is one code point, so \p{Cs} matches only a lone half.
// eslint-disable-next-line no-control-regex -- the control characters are what this looks for
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|\p{Cs}/u;

export interface TextProblem {
  message: string;
  /** 1-based line of the first bad character, when the text has more than one line */
  line?: number;
}

/** 1-based line of `index`, counting line breaks as the CSV reader does (CR LF, LF or CR). */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) line++;
  }
  return line;
}

/** null for text the hub can store, else what is wrong with it. */
export function textProblem(text: string): TextProblem | null {
  const found = UNSTORABLE.exec(text);
  if (!found) return null;
  const code = found[0].charCodeAt(0);
  const message = code >= 0xd800 && code <= 0xdfff ? TEXT_MESSAGES.surrogate : TEXT_MESSAGES.control;
  return /[\n\r]/.test(text) ? { message, line: lineOf(text, found.index) } : { message };
}

/** The problem as one sentence: 'Must not contain … (line 3).' */
export function textProblemMessage(problem: TextProblem): string {
  return problem.line === undefined ? problem.message : `${problem.message.slice(0, -1)} (line ${problem.line}).`;
}

/** Whether text is storable as it is (the check every string at the hub's edge passes). */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

// eslint-disable-next-line no-control-regex -- as UNSTORABLE, every occurrence
const UNSTORABLE_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|\p{Cs}/gu;

/** The text with each unstorable character replaced by U+FFFD (for text the hub writes itself, such as an error's reason). */
export const storableText = (text: string): string => text.replace(UNSTORABLE_ALL, '\ufffd');
