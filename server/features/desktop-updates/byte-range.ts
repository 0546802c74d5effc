// Resumed downloads. electron-updater (and browsers) resume an installer with one
// `Range: bytes=start-end`; a multi-range request is answered whole (RFC 9110 §14.2 lets a server
// ignore Range), and a range past the end is 416.

export interface ByteRange {
  start: number;
  /** inclusive, as Content-Range writes it */
  end: number;
}

/** null: no usable Range (send the whole file); 'unsatisfiable': answer 416. */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null; // another unit, several ranges, or nonsense: ignored
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // a suffix: the last N bytes
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null; // a malformed range is ignored, not refused (RFC 9110 §14.1.1)
  return { start, end };
}
