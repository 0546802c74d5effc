import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { objectiveDetailSchema, objectiveFormSchema, objectiveResponseSchema, objectiveUpdateSchema, type ObjectiveForm } from '../../shared/api/objectives';
import { directoryResponseSchema, teamListResponseSchema } from '../../shared/api/people';
import { CONFIRM_TEXT } from '../../shared/rules/objective-status';
import { DEMO_USERS, inDays, useBrowser } from './helpers';
import { apiAs, type HubApi } from './hub-api';

// Objectives end to end as the teams manager (demo user `manager`, who manages Phoenix and Atlas):
// the objectives of the teams he manages, the filters a manager gets, approving a Phoenix
// member's waiting objective, and no actions on a team he does not manage (the hub's refusal is
// API-tested in tests/api/objectives.test.ts). The objectives are made through the API first,
// with unique titles, so the test does not depend on the random demo data or on other files.
const stamp = Date.now();
const TITLES = {
  waiting: `Manager approves this ${stamp}`,
  novaPublic: `Nova public plan ${stamp}`,
  novaPrivate: `Nova private plan ${stamp}`,
};

/** A valid objective form; the deadline a month away (no date edge around midnight). */
const form = (title: string, teamId: number, ownerId: number, isPublic: boolean): ObjectiveForm => objectiveFormSchema.parse({
  title, teamId, ownerId, description: 'Made by the teams-manager e2e test.',
  category: 'Technology', subcategory: 'Development', priority: 'medium', deadline: inDays(30), isPublic,
});

/** A regular member of the given team (no lead, not the guest) who can sign in: all demo staff have the demo password. */
async function regularMemberOf(owner: HubApi, teamId: number): Promise<{ api: HubApi; id: number }> {
  const list = await owner.call(directoryResponseSchema.shape.data, 'GET', `/user?teams=${teamId}&limit=48`);
  for (const person of list.items) {
    if (person.isTeamLead || person.name === DEMO_USERS.guest.name) continue;
    const username = person.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim().split(/\s+/).join('.');
    const api = await apiAs(username).catch(() => null);
    if (!api) continue;
    const user = await api.me();
    if (!user.isTeamLead && !user.isTeamsManager && !user.isOwner) return { api, id: user.id };
  }
  throw new Error(`no regular member of team ${teamId} could sign in`);
}

/** An objective made through the API and completed by its owner: it waits for approval (design §3). */
async function waitingObjective(owner: HubApi, objective: ObjectiveForm): Promise<number> {
  const { id } = await owner.call(objectiveResponseSchema.shape.data, 'POST', '/objective', objective);
  // Complete never removes the objective, so the answer is the objective itself
  const completed = await owner.call(objectiveDetailSchema, 'PUT', `/objective/${id}`, objectiveUpdateSchema.parse({ action: 'complete' }));
  expect(completed.status).toBe('waiting for approval');
  return id;
}

const { signedIn } = useBrowser({ noErrors: true });
const made = { waitingId: 0, novaPublicId: 0 };

beforeAll(async () => {
  const owner = await apiAs('owner');
  const { teams } = await owner.call(teamListResponseSchema.shape.data, 'GET', '/team');
  const teamId = (name: string) => {
    const team = teams.find((t) => t.name === name);
    if (!team) throw new Error(`no team ${name}`);
    return team.id;
  };

  // a Phoenix member's completed objective
  const member = await apiAs('member');
  const memberId = (await member.me()).id;
  made.waitingId = await waitingObjective(member, form(TITLES.waiting, teamId('Phoenix'), memberId, false));

  // Nova, a team the manager does not manage: one public objective waiting too, one private
  const outsider = await regularMemberOf(owner, teamId('Nova'));
  made.novaPublicId = await waitingObjective(outsider.api, form(TITLES.novaPublic, teamId('Nova'), outsider.id, true));
  await outsider.api.call(objectiveResponseSchema.shape.data, 'POST', '/objective', form(TITLES.novaPrivate, teamId('Nova'), outsider.id, false));
}, 120_000);

const LIST = '/objective-tracking/objectives';
const cards = (page: Page) => page.getByTestId('objective-card');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title }).first();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The list, newest first, with its filters open. */
async function openFilters(page: Page) {
  await page.goto(LIST);
  await cards(page).first().waitFor();
  await choose(page, 'Sort by', 'Creation date');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
}

/** The details page of the Phoenix member's objective, a team the manager manages. */
async function openPhoenixDetails(page: Page) {
  await page.goto(`/objective-tracking/objective-details?id=${made.waitingId}`);
  await page.getByRole('heading', { name: TITLES.waiting }).waitFor();
}

describe('objectives as the teams manager', () => {
  it('sees the objectives of Phoenix and Atlas with the filters a manager gets, and nobody else’s private ones', () =>
    signedIn('manager', async ({ page }) => {
      await openFilters(page);
      // spec §2/§6: Team and Assignee for a teams manager, Author and Status for everyone; Job Title is for leads and owners
      for (const filter of ['Team', 'Assignee', 'Author', 'Status']) await page.getByRole('combobox', { name: filter, exact: true }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Job Title', exact: true }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Assignee', exact: true }).click();
      await page.getByRole('option', { name: DEMO_USERS.member.name, exact: true }).waitFor();
      await page.keyboard.press('Escape');

      await choose(page, 'Team', 'Phoenix');
      await card(page, TITLES.waiting).waitFor();
      expect(await card(page, TITLES.waiting).textContent()).toContain(DEMO_USERS.member.name);

      await choose(page, 'Team', 'Atlas');
      await expect.poll(() => cards(page).filter({ hasText: TITLES.waiting }).count()).toBe(0);
      await cards(page).first().waitFor();

      // Nova is not his: its public objective shows (everyone sees public ones), its private one never does
      await choose(page, 'Team', 'Nova');
      await card(page, TITLES.novaPublic).waitFor();
      expect(await cards(page).filter({ hasText: TITLES.novaPrivate }).count()).toBe(0);
    }));

  it('approves the Phoenix member’s waiting objective; the Nova one is not his to approve', () =>
    signedIn('manager', async ({ page }) => {
      await page.goto('/objective-tracking/approvals');
      const row = page.getByRole('row', { name: TITLES.waiting });
      await row.waitFor();
      expect(await row.textContent()).toContain(DEMO_USERS.member.name);
      expect(await page.getByRole('row', { name: TITLES.novaPublic }).count()).toBe(0);

      await row.getByRole('button', { name: 'Approve' }).click();
      await page.getByText(CONFIRM_TEXT.action('approve', 'objective')).waitFor();
      await page.getByRole('button', { name: 'Yes' }).click();
      await row.waitFor({ state: 'detached' });

      await openPhoenixDetails(page);
      await page.getByText('completed', { exact: true }).first().waitFor();
    }));

  it('has no actions on an objective of a team he does not manage, on the card or its details page', () =>
    signedIn('manager', async ({ page }) => {
      await openFilters(page);
      await choose(page, 'Team', 'Nova');
      const nova = card(page, TITLES.novaPublic);
      await nova.waitFor();
      expect(await nova.getByRole('button', { name: 'Details' }).count()).toBe(1);
      for (const action of ['Edit', 'Add KeyResult']) expect(await nova.getByRole('button', { name: action, exact: true }).count(), action).toBe(0);
      expect(await nova.getByRole('button', { name: /^Status actions/ }).count()).toBe(0);

      await nova.getByRole('button', { name: 'Details' }).click();
      await page.getByRole('heading', { name: TITLES.novaPublic }).waitFor();
      for (const action of ['Edit', 'Add KeyResult', 'Status actions']) {
        expect(await page.getByRole('button', { name: action, exact: true }).count(), action).toBe(0);
      }

      // a Phoenix objective of his: the same screens offer the actions
      await openPhoenixDetails(page);
      await page.getByRole('button', { name: 'Status actions', exact: true }).waitFor();
    }));
});
