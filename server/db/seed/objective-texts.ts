import type { ObjectiveCategory } from '../../../shared/rules/constants';

// Objective and key-result texts per category and subcategory (objective-tracking §5). The
// subcategory keys are exactly those of OBJECTIVE_CATEGORIES; a test checks they match.

export interface ObjectiveText {
  title: string;
  description: string;
  keyResults: readonly string[];
}

type Texts = { [C in ObjectiveCategory]: Record<string, readonly ObjectiveText[]> };

const o = (title: string, description: string, ...keyResults: string[]): ObjectiveText => ({ title, description, keyResults });

export const OBJECTIVE_TEXTS: Texts = {
  Technology: {
    Development: [
      o('Ship the payment retries module', 'Failed card payments are retried automatically instead of being handled by support.', 'Design the retry policy with the client', 'Implement retries behind a feature flag', 'Reach 90% test coverage on the module', 'Roll out to all stores', 'Document the runbook'),
      o('Reduce page load time of the dashboard', 'Users complained that the dashboard takes more than 4 seconds to open.', 'Measure the baseline with real user monitoring', 'Lazy-load the charts', 'Cache the summary queries', 'Load time under 1.5 s at p75'),
      o('Migrate the frontend to TypeScript', 'Half of the bugs last quarter were type errors that a compiler would have caught.', 'Enable strict mode in the shared packages', 'Convert the checkout screens', 'Remove the last JavaScript file'),
    ],
    Testing: [
      o('Automate the regression suite', 'The manual regression takes three days before every release.', 'Pick the 50 most important scenarios', 'Automate them with Cypress', 'Run them nightly in CI', 'Cut manual regression to one day'),
      o('Introduce contract tests between services', 'Breaking API changes reached staging twice this quarter.', 'Agree the contract format with the backend team', 'Add contract tests for the orders API', 'Block merges on broken contracts'),
    ],
    Support: [
      o('Lower the number of support tickets', 'Level-2 support spends too much time on recurring questions.', 'Group last quarter\'s tickets by cause', 'Fix the three most frequent causes', 'Write help articles for the rest', 'Tickets down by 30%'),
      o('Improve the on-call handover', 'Incidents get lost between shifts.', 'Create a handover template', 'Review every incident in the weekly meeting', 'No incident without an owner for a month'),
    ],
    DevOps: [
      o('Zero-downtime deployments', 'Every release currently needs a 20-minute maintenance window.', 'Switch to rolling updates', 'Make database migrations backward compatible', 'Run three releases without a window'),
      o('Move the staging environment to Kubernetes', 'Staging runs on hand-configured virtual machines nobody wants to touch.', 'Write the Helm charts', 'Provision the cluster with Terraform', 'Move the first two services', 'Decommission the old machines'),
    ],
    Hardware: [
      o('Refresh the test device lab', 'Half of the phones in the lab no longer receive OS updates.', 'List the devices our clients\' users have', 'Order eight new devices', 'Set up remote access to the lab'),
      o('Upgrade the build agents', 'Builds queue for up to 30 minutes at the end of the sprint.', 'Measure the queue times', 'Add two build agents', 'Average queue time under 5 minutes'),
    ],
    Trainings: [
      o('Get the AWS Solutions Architect certification', 'The Vega team needs two certified architects for the partner programme.', 'Finish the online course', 'Pass two practice exams', 'Pass the certification exam'),
      o('Learn Kotlin coroutines in depth', 'The mobile apps are moving to coroutines this year.', 'Read the official guide', 'Rewrite one screen with coroutines', 'Present the result in a tech talk'),
      o('Complete the secure coding training', 'The client\'s audit requires it for everyone who touches production code.', 'Finish the OWASP Top 10 module', 'Fix the findings in our own code', 'Pass the final quiz'),
    ],
    Other: [
      o('Contribute to an open-source library we use', 'Giving back to the tools we depend on, and learning how they work.', 'Pick an issue labelled good first issue', 'Open a pull request', 'Get it merged'),
      o('Write the architecture decision records', 'New colleagues keep asking why the system looks the way it does.', 'Agree the template', 'Write the first ten records', 'Link them from the README'),
    ],
  },
  Management: {
    Projects: [
      o('Deliver the loyalty portal MVP on time', 'The client launches its spring campaign with the portal.', 'Agree the MVP scope', 'Weekly demo to the client', 'Go live before the campaign', 'Fewer than five bugs in the first month'),
      o('Introduce delivery metrics', 'We cannot tell whether a project is late until it is.', 'Pick four metrics with the team', 'Automate the weekly report', 'Review them in every steering meeting'),
    ],
    Team: [
      o('Onboard two new colleagues', 'The team grows this quarter and newcomers should be productive fast.', 'Prepare the onboarding plan', 'Assign a buddy to each', 'First merged pull request in week one', 'Feedback session after 30 days'),
      o('Hold regular one-on-ones', 'The last engagement survey asked for more feedback from leads.', 'Monthly one-on-one with every team member', 'Keep written notes', 'Follow up on every action item'),
    ],
    Clients: [
      o('Raise client satisfaction to 9/10', 'The last quarterly survey scored 7.4.', 'Interview the client\'s product owner', 'Agree a communication plan', 'Send a short monthly report', 'Score 9 or more in the next survey'),
      o('Prepare the contract extension', 'The current contract ends in the autumn.', 'Collect the delivered value in one document', 'Present the roadmap for next year', 'Sign the extension'),
    ],
    Organization: [
      o('Organise the autumn team building', 'The last one was two years ago.', 'Survey the team for locations', 'Book the venue', 'Keep within the 100 RON per person budget'),
      o('Streamline the recruitment process', 'Good candidates accept other offers while we schedule interviews.', 'Cut the process to two interviews', 'Answer every candidate within 48 hours', 'Hire three engineers'),
    ],
    Other: [
      o('Document the team\'s way of working', 'Every team does Scrum a bit differently and newcomers get confused.', 'Write the working agreement', 'Review it with the team', 'Publish it on the wiki'),
    ],
  },
  'Soft Skills': {
    Communication: [
      o('Present at an internal tech talk', 'Sharing what we learn makes the whole company better.', 'Choose a topic', 'Rehearse with the team', 'Give the talk', 'Collect feedback'),
      o('Improve written status updates', 'Stakeholders say our updates are too technical.', 'Follow the company template', 'Ask the PM for feedback on three updates', 'Write the sprint summary for the client'),
    ],
    Flexibility: [
      o('Cover a second role in the team', 'The team depends too much on one person for releases.', 'Shadow the release manager twice', 'Run a release with support', 'Run a release alone'),
    ],
    Leadership: [
      o('Mentor a junior colleague', 'Growing the next seniors is part of a senior\'s job.', 'Agree goals with the mentee', 'Meet every two weeks', 'Mentee delivers a feature alone'),
      o('Lead the architecture guild', 'The guild has not met since the spring.', 'Restart the monthly meetings', 'Agree three topics for the year', 'Publish the guild\'s recommendations'),
    ],
    Adaptability: [
      o('Get productive on the new project quickly', 'Moved to a new client with a different stack.', 'Complete the client\'s onboarding', 'Deliver the first story in two weeks', 'Take over one module'),
    ],
    Other: [
      o('Give more constructive feedback in reviews', 'Code reviews were perceived as harsh in the team survey.', 'Read the team\'s review guidelines', 'Ask two colleagues for feedback', 'Apply the suggestions for a month'),
    ],
  },
  Personal: {
    'Time management': [
      o('Protect focus time', 'Too many meetings leave no time for deep work.', 'Block two mornings a week', 'Decline meetings without an agenda', 'Measure focus hours for a month'),
      o('Keep the time reports up to date', 'Late time reports delay the client invoices.', 'Log hours daily', 'No missing day for a quarter'),
    ],
    Creativity: [
      o('Prototype an idea at the hackathon', 'The yearly hackathon is the place to try something new.', 'Form a team', 'Build a working prototype', 'Demo it to the company'),
    ],
    Hobby: [
      o('Run the Cluj half marathon', 'A personal goal, and the company pays the entry fee.', 'Follow a 12-week training plan', 'Run 15 km in training', 'Finish the race'),
      o('Read twelve books this year', 'One book a month, half of them technical.', 'Pick the list', 'Read six technical books', 'Share notes on the wiki'),
    ],
    Other: [
      o('Improve my German', 'Two of our clients are in Germany.', 'Enrol in an evening course', 'Pass the B1 exam'),
    ],
  },
};

export const KEY_RESULT_DESCRIPTIONS: readonly string[] = [
  'Reviewed in the monthly one-on-one.',
  'Evidence: the merged pull requests linked in the ticket.',
  'Agreed with the team lead at the start of the quarter.',
  'Done when the client confirms it in writing.',
  'Measured from the dashboard at the end of the month.',
  'Small step, but it unblocks the rest.',
];
