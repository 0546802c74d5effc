import { describe, expect, it } from 'vitest';
import { updateText } from './update-text';

describe('updateText', () => {
  it('a downloaded update is ready, and goes in at the next restart or quit', () => {
    expect(updateText({ version: '1.3.0', required: false, installing: false })).toBe('Update 1.3.0 is ready. It is installed when you restart or quit.');
  });

  it('a required one found while working asks for a restart', () => {
    expect(updateText({ version: '1.3.0', required: true, installing: false })).toBe('An update is required: restart to update to 1.3.0.');
  });

  it('a required one found at start says it is being installed', () => {
    expect(updateText({ version: '1.3.0', required: true, installing: true })).toBe('A required update to 1.3.0 is being installed…');
  });
});
