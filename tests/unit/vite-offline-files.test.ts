import { describe, expect, it } from 'vitest';
import { OFFLINE_FILES, offlineFileList } from '../../scripts/vite-offline-files';

describe('the list of files the offline worker keeps at install', () => {
  it('names every chunk, style and public file of the build once, sorted', () => {
    expect(offlineFileList(['assets/index-B1.js', 'hub-base.js', 'assets/HolidaysPage-C2.css', 'assets/index-B1.js', 'theme-boot.js'])).toEqual({
      files: ['assets/HolidaysPage-C2.css', 'assets/index-B1.js', 'hub-base.js', 'theme-boot.js'],
    });
  });

  it('leaves out the worker, the document (kept under the scope), the list itself, source maps and dot folders', () => {
    expect(offlineFileList(['offline-sw.js', 'index.html', OFFLINE_FILES, 'assets/index-B1.js.map', '.vite/manifest.json', 'assets/a.js']).files).toEqual(['assets/a.js']);
  });
});
