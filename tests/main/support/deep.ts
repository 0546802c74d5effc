/** Every key and every string anywhere inside a value (the "never reaches the renderer" checks). */
export function deepKeysAndStrings(value: unknown, out: { keys: string[]; strings: string[] } = { keys: [], strings: [] }) {
  if (typeof value === 'string') out.strings.push(value);
  else if (Array.isArray(value)) value.forEach((v) => deepKeysAndStrings(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.keys.push(k);
      deepKeysAndStrings(v, out);
    }
  }
  return out;
}

export function containsToken(value: unknown, token: string): boolean {
  const { keys, strings } = deepKeysAndStrings(value);
  return keys.some((k) => /^(access_?token|refresh_?token|token|bearer)$/i.test(k)) || strings.some((s) => s.includes(token));
}
