import { describe, expect, it } from 'vitest';
import { requestKey, resourceOf, withRequestStatus, withResourceErrors } from './request-state';

describe('request tracking', () => {
  it('names the resource by the first path segment', () => {
    expect(resourceOf('/user/12/image')).toBe('user');
    expect(resourceOf('/teamDetails')).toBe('teamDetails');
    expect(resourceOf('/team?x=1')).toBe('team');
  });

  it('moves a call from in progress to failed', () => {
    const key = requestKey('DELETE', '/team/3');
    const started = withRequestStatus({}, key, 'inProgress');
    expect(withRequestStatus(started, key, 'failed')).toEqual({ 'DELETE /team/3': 'failed' });
  });

  it('keeps error lists per resource and upper-case method, and clears them on success', () => {
    const failed = withResourceErrors({}, 'team', 'DELETE', ['Action denied']);
    expect(failed).toEqual({ team: { DELETE: ['Action denied'] } });
    const other = withResourceErrors(failed, 'team', 'POST', ['Name is required.']);
    expect(other.team).toEqual({ DELETE: ['Action denied'], POST: ['Name is required.'] });
    expect(withResourceErrors(other, 'team', 'DELETE', []).team).toEqual({ POST: ['Name is required.'] });
  });
});
