import { describe, expect, it } from 'vitest';
import { parseUpdateMetadata } from './update-metadata';

const LINUX = `version: 1.2.0
files:
  - url: Bitstone-Hub-1.2.0.AppImage
    sha512: AbCd==
    size: 104857600
    blockMapSize: 110000
path: Bitstone-Hub-1.2.0.AppImage
sha512: AbCd==
releaseDate: '2026-11-20T10:00:00.000Z'
`;

describe('parseUpdateMetadata', () => {
  it("reads electron-builder's metadata: version, date and the files with sha512 and size", () => {
    expect(parseUpdateMetadata(LINUX)).toEqual({
      version: '1.2.0',
      releaseDate: '2026-11-20T10:00:00.000Z',
      files: [{ name: 'Bitstone-Hub-1.2.0.AppImage', sha512: 'AbCd==', size: 104857600 }],
    });
  });

  it('reads the older one-file form (path and sha512 at the top)', () => {
    expect(parseUpdateMetadata('version: 2.0\npath: Setup.exe\nsha512: xyz\n')).toEqual({ version: '2', releaseDate: null, files: [{ name: 'Setup.exe', sha512: 'xyz', size: null }] });
  });

  it('refuses what the hub could not serve: no version, no files, a file in another folder or on another server, not YAML', () => {
    expect(parseUpdateMetadata('files:\n  - url: a.exe\n    sha512: x\n')).toBeNull();
    expect(parseUpdateMetadata('version: 1.0.0\n')).toBeNull();
    expect(parseUpdateMetadata('version: 1.0.0\nfiles:\n  - url: ../secret\n    sha512: x\n')).toBeNull();
    expect(parseUpdateMetadata('version: 1.0.0\nfiles:\n  - url: https://elsewhere/a.exe\n    sha512: x\n')).toBeNull();
    expect(parseUpdateMetadata('version: 1.0.0\nfiles:\n  - url: a.exe\n')).toBeNull();
    expect(parseUpdateMetadata('{ not: [yaml')).toBeNull();
  });
});
