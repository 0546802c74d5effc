// The prepared database is PGlite's own dump of a data folder (dumpDataDir: a tar,
// gzipped). PGlite's loadDataDir unpacks it through its WebAssembly file system, which took
// ~1.8 s of the desktop's first start; reading the tar here and writing the files with Node's fs
// takes a tenth of that. The tar is the simple kind PGlite writes: 512-byte headers, regular
// files and folders only, names of under 100 characters. Its writer fills the ustar 'prefix'
// field with timestamps, so that field is never read as part of a name.

const BLOCK = 512;

export interface TarEntry {
  /** relative, '/'-separated, never '..' */
  name: string;
  type: 'file' | 'dir';
  data: Buffer;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function safeName(raw: string): string {
  const name = raw.replace(/^\/+/, '').replace(/\/+$/, '');
  const parts = name.split('/');
  if (!name || parts.some((part) => part === '' || part === '.' || part === '..')) throw new Error(`unsafe name in the tar: '${raw}'`);
  return name;
}

/** Every entry of an uncompressed tar, checked whole before anything is written anywhere. */
export function tarEntries(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries; // the end-of-archive blocks
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    if (sum !== parseInt(field(header, 148, 8).trim(), 8)) throw new Error(`the tar's header at byte ${offset} is damaged`);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const flag = String.fromCharCode(header[156] || 48);
    const name = safeName(field(header, 0, 100));
    offset += BLOCK;
    if (offset + size > tar.length) throw new Error(`the tar ends inside '${name}'`);
    if (flag === '0') entries.push({ name, type: 'file', data: tar.subarray(offset, offset + size) });
    else if (flag === '5') entries.push({ name, type: 'dir', data: Buffer.alloc(0) });
    else throw new Error(`'${name}' in the tar is neither a file nor a folder (type ${flag})`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('the tar has no end-of-archive marker: it is cut short');
}
