// Business constants from section 9 of both spec files.
export const STORAGE_PREFIX = 'beot';
export const PRIMARY_COLOR = '#004C7C';
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 5000;
export const RESIZE_DEBOUNCE_MS = 200;
export const TABLE_PAGE_SIZES = [5, 10, 15] as const;
export const SCROLL_THRESHOLD_PX = 500;
export const OBJECTIVES_PAGE_SIZE = 9;
export const PLANS_PAGE_SIZES = [5, 10, 15, 25, 'All'] as const;
export const DEFAULT_LEARNING_AND_DEV_EUR = 750;
export const DEFAULT_TEAM_BUILDINGS_RON = 100;
export const PICTURE_MAX_BYTES = 1024 * 1024;
export const PICTURE_OUTPUT = { width: 400, height: 600 } as const;
export const PICTURE_CROP_ASPECT = 0.8;
export const PUBLIC_HOLIDAYS_COUNTRY = 'RO';
export const CALENDAR_CULTURE = 'en-GB';

export const USER_STATUSES = ['active', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ENTITY_STATUSES = ['active', 'deleted'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];

export const OBJECTIVE_STATUSES = ['in progress', 'completed', 'archived', 'deleted', 'waiting for approval'] as const;
export type ObjectiveStatus = (typeof OBJECTIVE_STATUSES)[number];
export const KEY_RESULT_STATUSES = ['in progress', 'completed', 'deleted'] as const;
export type KeyResultStatus = (typeof KEY_RESULT_STATUSES)[number];

export const PRIORITIES = ['lowest', 'low', 'medium', 'high', 'highest'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_COLORS: Record<Priority, string> = {
  lowest: '#CDFF90',
  low: '#5EB136',
  medium: '#FCEC30',
  high: '#F28B82',
  highest: '#D8363D',
};

export const OBJECTIVE_CATEGORIES = {
  Personal: ['Time management', 'Creativity', 'Hobby', 'Other'],
  Technology: ['Development', 'Testing', 'Support', 'DevOps', 'Hardware', 'Trainings', 'Other'],
  'Soft Skills': ['Communication', 'Flexibility', 'Leadership', 'Adaptability', 'Other'],
  Management: ['Projects', 'Team', 'Clients', 'Organization', 'Other'],
} as const;
export type ObjectiveCategory = keyof typeof OBJECTIVE_CATEGORIES;
export const CATEGORY_NAMES = Object.keys(OBJECTIVE_CATEGORIES) as ObjectiveCategory[];

export const HOLIDAY_TYPES = {
  'De odihna': 'Vacation Day',
  national_holiday: 'National Day',
  Medical: 'Medical',
  'Donator sange': 'Blood donation',
  'Concediu fara plata (neplatit)': 'Unpaid leave',
  Birthday: 'Birthday',
} as const;
export type HolidayType = keyof typeof HOLIDAY_TYPES;

export const EVALUATION_FIELDS = [
  'technicalExpertise',
  'teamwork',
  'flexibility',
  'resultsFocus',
  'languages',
  'continualLearning',
  'safetyFocus',
  'communication',
  'initiative',
  'openDiscussion',
  'targets',
] as const;
export type EvaluationField = (typeof EVALUATION_FIELDS)[number];
