import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../../shared/rules/text-input';
import { unstorableTextErrors } from './text-guard';

describe('unstorableTextErrors', () => {
  it('is empty for a body of ordinary text, numbers and nulls', () => {
    expect(unstorableTextErrors({ name: 'Zoë 😀', n: 1, ok: true, none: null, list: ['a', { b: 'c\nd' }] })).toEqual([]);
    expect(unstorableTextErrors(undefined)).toEqual([]);
  });

  it('names every bad field by its wire path, nested in objects and arrays', () => {
    expect(unstorableTextErrors({ name: 'a\u0000', relevantExperience: [{ company: 'ok' }, { company: '\ud800' }], phone: '1' })).toEqual([
      { message: TEXT_MESSAGES.control, field: 'name' },
      { message: TEXT_MESSAGES.surrogate, field: 'relevant_experience.1.company' },
    ]);
  });

  it('a top-level string has no field; a bad key names the object holding it', () => {
    expect(unstorableTextErrors('\u0000')).toEqual([{ message: TEXT_MESSAGES.control }]);
    expect(unstorableTextErrors({ extras: { 'a\u0000': 1 } })).toEqual([{ message: TEXT_MESSAGES.fieldName, field: 'extras' }]);
  });

  it('stops at the limit and walks deep or wide input without recursion', () => {
    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, '\u0001']));
    expect(unstorableTextErrors(wide)).toHaveLength(20);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(unstorableTextErrors(deep)).toHaveLength(1);
  });
});
