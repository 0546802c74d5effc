import { describe, expect, it } from 'vitest';
import { snakeJson, snakeReplacer } from './snake-json';

// snakeJson must write exactly what JSON.stringify(value, snakeReplacer) writes.
const rule = (value: unknown) => JSON.stringify(value, snakeReplacer);
const fast = snakeJson;

class Point {
  constructor(public xValue: number, public nested: { innerKey: number }) {}
}

describe('snakeReplacer', () => {
  it('renames keys at every depth, leaving values and arrays alone', () => {
    const json = JSON.stringify({ data: { accessToken: 'aB', user: { teamIds: [1], leadTeam: [{ isLead: true }] }, when: new Date(0) } }, snakeReplacer);
    expect(JSON.parse(json)).toEqual({ data: { access_token: 'aB', user: { team_ids: [1], lead_team: [{ is_lead: true }] }, when: '1970-01-01T00:00:00.000Z' } });
  });
});

describe('snakeJson', () => {
  it('writes the objective detail shape like the replacer: dates, nulls, nested objects and arrays', () => {
    const detail = {
      data: {
        id: 15, title: 'Lower the "support" tickets\n', nextStatus: null, isPublic: false, progress: 42.5,
        createdAt: new Date(Date.UTC(2026, 9, 17, 7, 50)), team: { id: 1, name: 'Phoenix' },
        availableActions: ['edit', 'delete'], keyResults: [{ objectiveId: 15, lastModificationDate: new Date(0), percentage: 0 }],
      },
    };
    expect(fast(detail)).toBe(rule(detail));
    expect(JSON.parse(fast(detail)).data.key_results[0].objective_id).toBe(15);
  });

  it('matches JSON.stringify at the edges: undefined, functions, symbols, NaN, holes, empty and odd keys', () => {
    const cases: unknown[] = [
      null, 0, -0, 1.5e300, NaN, Infinity, true, 'ü "q" \\ \u2028 \u0001', [], {},
      { keepMe: 1, dropMe: undefined, fn: () => 1, sym: Symbol('s') },
      [undefined, () => 1, Symbol('s'), NaN, null],
      // eslint-disable-next-line no-sparse-arrays
      [1, , 3],
      { '': { innerKey: 1 }, 'with"quote': 2, 'ABCLetters': 3, 'alreadySnake_case': 4, 10: 'number key', 2: 'first' },
      Object.assign(Object.create(null), { nullProto: { deepKey: true } }),
    ];
    for (const value of cases) expect(fast(value)).toBe(rule(value));
  });

  it('hands dates, toJSON objects, buffers and class instances to the rule itself', () => {
    const cases: unknown[] = [
      new Date(0), { atTime: new Date(86_400_000) }, { custom: { toJSON: () => ({ camelOut: 1 }) } },
      Buffer.from('hi'), new Point(1, { innerKey: 2 }), { inMap: new Map([[1, 2]]) }, { big: [new Point(3, { innerKey: 4 })] },
    ];
    for (const value of cases) expect(fast(value)).toBe(rule(value));
  });

  it('throws on a BigInt, as JSON.stringify does', () => {
    expect(() => fast({ n: 1n })).toThrow(TypeError);
  });

  it('equals the rule on generated trees', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const keys = ['id', 'teamId', 'lastModificationDate', 'x', 'HTTPCode', 'a1B2', 'näme'];
    const tree = (depth: number): unknown => {
      const pick = Math.floor(random() * (depth > 3 ? 5 : 8));
      switch (pick) {
        case 0: return Math.floor(random() * 1000) - 500;
        case 1: return keys[Math.floor(random() * keys.length)] + '"\n';
        case 2: return random() < 0.5 ? null : undefined;
        case 3: return random() < 0.5;
        case 4: return new Date(Math.floor(random() * 1e12));
        case 5: return Array.from({ length: Math.floor(random() * 4) }, () => tree(depth + 1));
        default: return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, () => [keys[Math.floor(random() * keys.length)], tree(depth + 1)]));
      }
    };
    for (let i = 0; i < 500; i++) {
      const value = tree(0);
      expect(fast(value)).toBe(rule(value));
    }
  });
});
