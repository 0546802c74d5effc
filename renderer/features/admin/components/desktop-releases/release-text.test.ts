import { describe, expect, it } from 'vitest';
import { fileSizeText, progressText, releaseDateText, requiredText } from './release-text';

describe('release texts', () => {
  it('sizes in decimal units', () => {
    expect(fileSizeText(812)).toBe('812 bytes');
    expect(fileSizeText(2_000)).toBe('2.0 KB');
    expect(fileSizeText(120_400_000)).toBe('120.4 MB');
    expect(fileSizeText(1_500_000_000)).toBe('1.5 GB');
  });

  it('the release date as a UTC day, a dash without one', () => {
    expect(releaseDateText('2026-11-20T23:30:00.000Z')).toBe('20 Nov 2026');
    expect(releaseDateText(null)).toBe('—');
    expect(releaseDateText('soon')).toBe('—');
  });

  it('the required mark beside the published version', () => {
    expect(requiredText('1.2.0', null)).toBe('Not required');
    expect(requiredText('1.2.0', '1.2.0')).toBe('Required');
    expect(requiredText('1.3.0', '1.2.0')).toBe('1.2.0 required');
  });

  it('upload progress in whole percent', () => {
    expect(progressText(0, 0)).toBe('0 %');
    expect(progressText(450, 1000)).toBe('45 %');
    expect(progressText(1000, 1000)).toBe('100 %');
  });
});
