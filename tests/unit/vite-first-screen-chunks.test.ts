import { describe, expect, it } from 'vitest';
import { planGroups } from '../../scripts/vite-first-screen-chunks';

// A first build's chunks, as generateBundle sees them: the entry, the login page and the shell
// (both lazy), the objective area's layout, the objectives page, a chunk they share, and another route that stays on its own.
const ROOT = '/repo/renderer';
const chunk = (facade: string | null, imports: string[], modules: string[], isEntry = false) =>
  ({ facade: facade && `${ROOT}/${facade}`, isEntry, imports, modules });

function firstBuild() {
  return new Map([
    ['index.js', chunk('index.html', ['react.js'], ['main.tsx'], true)],
    ['react.js', chunk(null, [], ['react', 'react-dom'])],
    ['LoginPage.js', chunk('features/auth/pages/LoginPage.tsx', ['react.js', 'Input.js'], ['LoginPage.tsx'])],
    ['Input.js', chunk(null, [], ['fluent-input'])],
    ['ShellLayout.js', chunk('app/shell/ShellLayout.tsx', ['react.js', 'Dialog.js'], ['ShellLayout.tsx'])],
    ['ObjectiveArea.js', chunk('app/shell/ObjectiveArea.tsx', ['react.js'], ['ObjectiveArea.tsx'])],
    ['ObjectivesPage.js', chunk('features/objectives/pages/ObjectivesPage.tsx', ['Dialog.js', 'Input.js'], ['ObjectivesPage.tsx'])],
    ['AppToaster.js', chunk('app/AppToaster.tsx', [], ['AppToaster.tsx'])],
    ['Dialog.js', chunk(null, [], ['fluent-dialog'])],
    ['StatisticsPage.js', chunk('features/statistics/pages/StatisticsPage.tsx', ['Dialog.js', 'echarts.js'], ['StatisticsPage.tsx'])],
    ['echarts.js', chunk(null, [], ['echarts'])],
  ]);
}

describe('first-screen chunk groups (scripts/vite-first-screen-chunks.ts)', () => {
  it('puts what the login page loads in boot, what the first screen adds in first-screen, and leaves other routes alone', () => {
    const plan = planGroups(firstBuild(), ROOT);
    expect(Object.fromEntries(plan)).toEqual({
      'main.tsx': 'boot', react: 'boot', 'react-dom': 'boot', 'LoginPage.tsx': 'boot', 'fluent-input': 'boot',
      'ShellLayout.tsx': 'first-screen', 'ObjectiveArea.tsx': 'first-screen', 'ObjectivesPage.tsx': 'first-screen', 'AppToaster.tsx': 'first-screen', 'fluent-dialog': 'first-screen',
    });
    expect(plan.has('StatisticsPage.tsx')).toBe(false);
    expect(plan.has('echarts')).toBe(false);
  });

  it('fails the build when a root is no longer a chunk of its own', () => {
    const chunks = firstBuild();
    chunks.delete('ShellLayout.js');
    expect(() => planGroups(chunks, ROOT)).toThrow('app/shell/ShellLayout.tsx is not a chunk of its own');
  });
});
