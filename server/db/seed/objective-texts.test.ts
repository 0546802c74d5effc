import { describe, expect, it } from 'vitest';
import { OBJECTIVE_CATEGORIES } from '../../../shared/rules/constants';
import { OBJECTIVE_TEXTS } from './objective-texts';

describe('demo objective texts', () => {
  it('cover exactly the categories and subcategories of the objective rules', () => {
    expect(Object.keys(OBJECTIVE_TEXTS).sort()).toEqual(Object.keys(OBJECTIVE_CATEGORIES).sort());
    for (const [category, subcategories] of Object.entries(OBJECTIVE_CATEGORIES)) {
      const texts = OBJECTIVE_TEXTS[category as keyof typeof OBJECTIVE_CATEGORIES];
      expect(Object.keys(texts).sort(), category).toEqual([...subcategories].sort());
      for (const list of Object.values(texts)) {
        expect(list.length).toBeGreaterThan(0);
        for (const text of list) expect(text.keyResults.length).toBeGreaterThanOrEqual(2);
      }
    }
  });
});
