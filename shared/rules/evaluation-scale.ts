import { EVALUATION_FIELDS, type EvaluationField } from './constants';

// objective-tracking §3/§5: ten criteria rated 1-5, each step with a label, and
// targets shown as 'Conclusion'. Labels the spec leaves unworded are ours.

export const EVALUATION_CRITERIA = EVALUATION_FIELDS.filter((f): f is Exclude<EvaluationField, 'targets'> => f !== 'targets');
export type EvaluationCriterion = (typeof EVALUATION_CRITERIA)[number];

export const EVALUATION_LABELS: Record<EvaluationField, string> = {
  technicalExpertise: 'Technical expertise',
  teamwork: 'Teamwork',
  flexibility: 'Flexibility',
  resultsFocus: 'Results focus',
  languages: 'Languages',
  continualLearning: 'Continual learning',
  safetyFocus: 'Safety focus',
  communication: 'Communication',
  initiative: 'Initiative',
  openDiscussion: 'Open discussion',
  targets: 'Conclusion',
};

export const RATINGS = ['1', '2', '3', '4', '5'] as const;
export type Rating = (typeof RATINGS)[number];

export const RATING_LABELS: Record<Rating, string> = {
  '1': 'Unsatisfactory',
  '2': 'Needs improvement',
  '3': 'Meets expectations',
  '4': 'Exceeds expectations',
  '5': 'Outstanding',
};

export const RATING_OUT_OF_SCALE = 'Choose a rating from 1 to 5';

export const isRating = (value: string): value is Rating => (RATINGS as readonly string[]).includes(value);

/** '4 – Exceeds expectations'; a remark written before ratings existed is shown as written. */
export function ratingText(value: string): string {
  return isRating(value) ? `${value} – ${RATING_LABELS[value]}` : value;
}
