import { describe, expect, it } from 'vitest';
import { tarEntries } from './tar-entries';

/** One header the way PGlite's tar writer makes it: ustar magic, timestamps in the prefix field. */
function header(name: string, size: number, type: '0' | '5' | '2'): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write('0000666\0', 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(type, 156);
  block.write('ustar\x0000', 257);
  block.write('15302202751\x0015302202751', 345);
  block.write('        ', 148);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

function tarOf(entries: Array<{ name: string; data?: string; type?: '0' | '5' | '2' }>): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    parts.push(header(entry.name, data.length, entry.type ?? (entry.data === undefined ? '5' : '0')));
    parts.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

describe('reading the tar of a PGlite dump', () => {
  it('reads folders and files with their contents, names relative, the prefix field not part of them', () => {
    const entries = tarEntries(tarOf([{ name: '/PG_VERSION', data: '17\n' }, { name: '/base' }, { name: '/base/1/112', data: 'x'.repeat(700) }]));
    expect(entries.map(({ name, type, data }) => ({ name, type, size: data.length }))).toEqual([
      { name: 'PG_VERSION', type: 'file', size: 3 },
      { name: 'base', type: 'dir', size: 0 },
      { name: 'base/1/112', type: 'file', size: 700 },
    ]);
    expect(entries[0].data.toString()).toBe('17\n');
  });

  it('refuses names that would leave the data folder, links, damaged headers and a tar cut short', () => {
    expect(() => tarEntries(tarOf([{ name: '/base/../../etc/passwd', data: 'x' }]))).toThrow(/unsafe name/);
    expect(() => tarEntries(tarOf([{ name: '/link', type: '2' }]))).toThrow(/neither a file nor a folder/);
    const damaged = tarOf([{ name: '/PG_VERSION', data: '17\n' }]);
    damaged[0] ^= 1;
    expect(() => tarEntries(damaged)).toThrow(/damaged/);
    const whole = tarOf([{ name: '/base/1/112', data: 'x'.repeat(700) }]);
    expect(() => tarEntries(whole.subarray(0, 1024))).toThrow(/ends inside 'base\/1\/112'/);
    expect(() => tarEntries(whole.subarray(0, 1536))).toThrow(/cut short/);
  });
});
