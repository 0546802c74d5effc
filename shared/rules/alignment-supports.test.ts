import { describe, expect, it } from 'vitest';
import { PRIVATE_OBJECTIVE_LABEL } from './alignment';
import { supportsText } from './alignment-supports';

describe('supportsText', () => {
  it("joins the parents' titles in order, each one the viewer may not see as 'a private objective'", () => {
    expect(supportsText([{ id: 1, title: 'Grow the platform', level: 'company' }, null, { id: 3, title: 'Ship faster', level: 'team' }]))
      .toBe(`Grow the platform; ${PRIVATE_OBJECTIVE_LABEL}; Ship faster`);
  });
  it('is empty when the objective supports nothing', () => {
    expect(supportsText([])).toBe('');
  });
});
