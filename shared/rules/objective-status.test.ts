import { describe, expect, it } from 'vitest';
import { approvalDecision, availableActions, needsRepeatRequestConfirmation, transition } from './objective-status';
import type { Actor } from './session-user';

const base: Actor = { id: 1, role: { id: 1, name: 'User' }, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false, teamIds: [1], leadTeamIds: [], managedTeamIds: [] };
const member = base;
const lead: Actor = { ...base, id: 2, role: { id: 2, name: 'Team lead' }, isTeamLead: true, leadTeamIds: [1] };
const mine = { status: 'in progress', nextStatus: null, ownerId: 1 };

describe('objective status machine', () => {
  it('offers Complete and Delete on an objective in progress', () => {
    expect(availableActions(member, mine)).toEqual(['complete', 'delete']);
  });
  it("offers a team lead only Delete on someone else's objective in progress", () => {
    expect(availableActions(lead, mine)).toEqual(['delete']);
  });
  it('offers Archive/Delete when completed and Restore/Delete when archived', () => {
    expect(availableActions(member, { ...mine, status: 'completed' })).toEqual(['archive', 'delete']);
    expect(availableActions(member, { ...mine, status: 'archived' })).toEqual(['restore', 'delete']);
  });
  it("a member's Complete becomes waiting for approval with nextStatus completed", () => {
    expect(transition(member, mine, 'complete')).toEqual({ kind: 'update', status: 'waiting for approval', nextStatus: 'completed' });
  });
  it("a member's Delete becomes waiting for approval with nextStatus deleted", () => {
    expect(transition(member, mine, 'delete')).toEqual({ kind: 'update', status: 'waiting for approval', nextStatus: 'deleted' });
  });
  it("a lead's Delete removes the objective; a lead's own Complete completes it", () => {
    expect(transition(lead, mine, 'delete')).toEqual({ kind: 'remove' });
    expect(transition(lead, { ...mine, ownerId: 2 }, 'complete')).toEqual({ kind: 'update', status: 'completed', nextStatus: null });
  });
  it('archive remembers the previous status and restore returns to it', () => {
    const archived = transition(lead, { ...mine, ownerId: 2, status: 'completed' }, 'archive');
    expect(archived).toEqual({ kind: 'update', status: 'archived', nextStatus: 'completed' });
    expect(transition(lead, { ownerId: 2, status: 'archived', nextStatus: 'completed' }, 'restore')).toEqual({ kind: 'update', status: 'completed', nextStatus: null });
    expect(transition(lead, { ownerId: 2, status: 'archived', nextStatus: null }, 'restore')).toEqual({ kind: 'update', status: 'in progress', nextStatus: null });
  });
  it('restore on the details page gives in progress with nextStatus completed', () => {
    expect(transition(lead, { ownerId: 2, status: 'archived', nextStatus: 'completed' }, 'restore', 'details')).toEqual({ kind: 'update', status: 'in progress', nextStatus: 'completed' });
  });
  it('refuses an action the status does not offer', () => {
    expect(transition(member, mine, 'archive')).toBeNull();
    expect(transition(member, { ...mine, status: 'deleted' }, 'delete')).toBeNull();
  });
  it('approve deletes a pending deletion, completes otherwise; remove sends back to in progress', () => {
    expect(approvalDecision({ ...mine, status: 'waiting for approval', nextStatus: 'deleted' }, 'approve')).toEqual({ kind: 'remove' });
    expect(approvalDecision({ ...mine, status: 'waiting for approval', nextStatus: 'completed' }, 'approve')).toEqual({ kind: 'update', status: 'completed', nextStatus: 'completed' });
    expect(approvalDecision({ ...mine, status: 'waiting for approval', nextStatus: 'completed' }, 'reject')).toEqual({ kind: 'update', status: 'in progress', nextStatus: null });
  });
  it('asks a member to confirm a repeated approval request, not a lead', () => {
    const waiting = { ...mine, status: 'waiting for approval', nextStatus: 'completed' };
    expect(needsRepeatRequestConfirmation(member, waiting)).toBe(true);
    expect(needsRepeatRequestConfirmation(lead, waiting)).toBe(false);
  });
});
