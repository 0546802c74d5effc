import { describe, expect, it } from 'vitest';
import { keyResultResponseSchema, keyResultUpdateSchema } from '../../shared/api/key-results';
import { objectiveResponseSchema } from '../../shared/api/objectives';
import { OBJECTIVE_MESSAGES as M } from '../../shared/rules/objective-messages';
import { useBrowser } from './helpers';
import { apiAs, createOwnObjective } from './hub-api';

// No "blind overwrites", end to end: a member edits a key result their team lead changed
// after the member's page read it. The hub answers 409; the dialog says so in the words of
// OBJECTIVE_MESSAGES.keyResultStale and offers Reload, which brings the lead's change in, and the
// member's change applied on top of it saves. The hub's side is API-tested in key-results.test.ts.
const { signedIn } = useBrowser({ failureShot: 'objectives-conflicts' });

describe('editing a key result someone else changed meanwhile', () => {
  it('shows the 409 message, reloads the other change into the form, and saves on top of it', () =>
    signedIn('member', async (s) => {
      const { page } = s;
      const stamp = Date.now();
      const objectiveId = await createOwnObjective(page, {
        title: `Cut the release checklist ${stamp}`, description: 'From 40 steps to 15.', priority: 'medium',
        keyResult: { title: `Automate the smoke tests ${stamp}`, description: 'On every build.' },
      });
      await page.goto(`/objective-tracking/objective-details?id=${objectiveId}`);
      const card = page.getByTestId('key-result-card').filter({ hasText: `Automate the smoke tests ${stamp}` });
      await card.waitFor();
      await card.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Key Result' });
      await dialog.getByLabel('Title').fill(`Automate every smoke test ${stamp}`);

      // meanwhile the team lead (through the API, as their desktop app would call it), who read
      // the key result as it is now, changes it
      const lead = await apiAs('lead');
      const objective = await lead.call(objectiveResponseSchema.shape.data, 'GET', `/objective/${objectiveId}`);
      const [keyResult] = objective.keyResults;
      const leads = await lead.call(keyResultResponseSchema.shape.data, 'PUT', `/key-result/${keyResult.id}`, keyResultUpdateSchema.parse({
        description: 'On every build, in under five minutes.', lastModificationDate: keyResult.lastModificationDate,
      }));
      expect(leads.description).toBe('On every build, in under five minutes.');

      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('alert').filter({ hasText: M.keyResultStale }).waitFor();
      // the page behind shows the hub's message too (spec §8), and nothing of the member's change was saved
      await page.getByTestId('hub-errors').filter({ hasText: M.keyResultStale }).waitFor();
      await card.getByText('On every build, in under five minutes.').waitFor();
      expect(await card.getByText(`Automate every smoke test ${stamp}`).count()).toBe(0);

      await dialog.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => dialog.getByLabel('Description').inputValue()).toBe('On every build, in under five minutes.');
      expect(await dialog.getByLabel('Title').inputValue()).toBe(`Automate the smoke tests ${stamp}`);
      expect(await dialog.getByRole('alert').count()).toBe(0);

      await dialog.getByLabel('Title').fill(`Automate every smoke test ${stamp}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const saved = page.getByTestId('key-result-card').filter({ hasText: `Automate every smoke test ${stamp}` });
      await saved.getByText('On every build, in under five minutes.').waitFor();
      // the only failed request was the provoked 409
      expect(s.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    }));
});
