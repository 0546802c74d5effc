import type { EvaluationField } from '../../../shared/rules/constants';

// Short, realistic remarks for the eleven evaluation fields (objective-tracking §3). `{first}`
// is replaced by the evaluated person's first name.

export const EVALUATION_TEXTS: Record<EvaluationField, readonly string[]> = {
  technicalExpertise: [
    '{first} knows the codebase well and is the go-to person for the payments module.',
    'Solid on the backend; still building confidence with the frontend stack.',
    'Writes clean, well-tested code and picks up new libraries quickly.',
    'Good fundamentals; should go deeper into performance and databases.',
  ],
  teamwork: [
    'Always ready to help colleagues and shares knowledge in reviews.',
    '{first} pairs willingly with newcomers and the team relies on that.',
    'Works well with the team, though sometimes takes on too much alone.',
    'A positive presence in the team; keeps the mood up in busy sprints.',
  ],
  flexibility: [
    'Adapted quickly when the client changed priorities mid-sprint.',
    'Took over the release duties during the holidays without complaint.',
    'Prefers stable plans, but handles changes once the reasons are clear.',
  ],
  resultsFocus: [
    'Delivers what was committed, on time, and flags risks early.',
    '{first} finished all quarterly objectives, two of them ahead of time.',
    'Good results overall; estimates could be more realistic.',
  ],
  languages: [
    'Fluent English in client meetings; started learning German.',
    'Good written English; could speak up more in calls with the client.',
    'Comfortable presenting in English to the client\'s management.',
  ],
  continualLearning: [
    'Finished the AWS course from the learning budget and shared notes with the team.',
    'Reads a lot and brings new ideas to the retrospectives.',
    'Should use the learning and development budget; nothing spent this year.',
  ],
  safetyFocus: [
    'Follows the secure coding guidelines and caught an injection risk in review.',
    'Careful with production data and access rights.',
    'Completed the security training; reminded once about sharing credentials in chat.',
  ],
  communication: [
    'Clear and concise status updates; the client appreciates them.',
    '{first} communicates openly, including bad news.',
    'Could give more context when asking for help.',
  ],
  initiative: [
    'Proposed and built the automated changelog on their own initiative.',
    'Raises problems early and usually comes with a proposal.',
    'Waits for tasks to be assigned; encouraged to pick up improvements.',
  ],
  openDiscussion: [
    'Gives and receives feedback constructively.',
    'Speaks openly in retrospectives and one-on-ones.',
    'Open to feedback; we agreed on two concrete improvements.',
  ],
  targets: [
    'Meets expectations. Next: lead the design of one feature end to end.',
    'Exceeds expectations. Next: mentor a junior colleague and prepare for a senior role.',
    'Meets most expectations. Next: improve estimates and present at a tech talk.',
    'Strong year. Next: take ownership of the release process.',
  ],
};
