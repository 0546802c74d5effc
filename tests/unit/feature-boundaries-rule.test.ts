import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { featureBoundaries } from '../../scripts/eslint-rules/feature-boundaries.js';

// The lint rule that keeps one feature out of another's files (scripts/eslint-rules/feature-boundaries.js).
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: 'server/features/alignment/alignment-links.ts', code: "import { nextVersion } from '../objectives';" },
    { filename: 'server/features/alignment/alignment-links.ts', code: "import { x } from '../objectives/index';" },
    { filename: 'server/features/alignment/alignment-links.ts', code: "import { y } from './alignment-read';" },
    { filename: 'server/features/auth/sso/oidc.ts', code: "import { z } from '../session-user'; import { w } from '../../../db/client';" },
    { filename: 'server/app.ts', code: "import { objectiveRoutes } from './features/objectives/objectives-routes';" },
    { filename: 'server/plugins/auth.ts', code: "import { SessionActivity } from '../features/auth';" },
    { filename: 'renderer/features/statistics/components/A.tsx', code: "import { ObjectiveRefLink } from '../../objectives';" },
    { filename: 'renderer/app/routes.tsx', code: "const P = import('../features/auth/pages/LoginPage');" },
    { filename: 'server/features/audit/audit.test.ts', code: "import { a } from '../objectives/objectives-read';" },
  ],
  invalid: [
    { filename: 'server/features/alignment/alignment-links.ts', code: "import { findVisibleObjective } from '../objectives/objectives-read';", errors: [{ messageId: 'reach' }] },
    { filename: 'server/plugins/auth.ts', code: "import { SessionActivity } from '../features/auth/session-activity';", errors: [{ messageId: 'reach' }] },
    { filename: 'server/start.ts', code: "import { scheduleReminders } from './features/notifications/notification-reminders';", errors: [{ messageId: 'reach' }] },
    { filename: 'renderer/features/statistics/components/A.tsx', code: "import { ObjectiveRefLink } from '../../objectives/components/ObjectiveRefLink';", errors: [{ messageId: 'reach' }] },
    { filename: 'server/features/plans/plans.ts', code: "export { x } from '../team/people-directory';", errors: [{ messageId: 'reach' }] },
  ],
});
