import { z } from 'zod';
import { envelope, longText, refSchema, shortText } from './common';
import { birthdateProblem } from '../rules/birthdate';
import { EXTRA_MESSAGES } from '../rules/people-messages';

// User extras (spec §3) as the profile shows them and as the extra-details dialog saves them.

/** Experience dates are 'MM/YYYY'; the end may be the word 'Present' (spec §3). */
export const PRESENT = 'Present';
const MONTH_YEAR = /^(0[1-9]|1[0-2])\/\d{4}$/;

const looseText = z.string().max(10_000);

/** What GET /user/:id answers: every field optional, since the hub leaves out what the viewer may not see. */
export const userExtrasSchema = z.object({
  bitstoneInfo: z.object({
    benefits: z.array(z.string()).optional(),
    learningAndDev: z.number().nullable().optional(),
    teamBuildings: z.number().nullable().optional(),
    holidays: z.number().nullable().optional(),
    currentRole: z.string().optional(),
    about: z.string().optional(),
  }).optional(),
  relevantExperience: z.array(z.object({
    company: z.string(), position: z.string(), description: z.string().optional(), startDate: z.string(), endDate: z.string(),
  })).optional(),
  projectsInfo: z.array(z.object({
    title: z.string(), mainGoal: z.string().optional(), responsabilities: z.string().optional(), technicalSkills: z.string().optional(),
  })).optional(),
  personalInfo: z.object({
    officialName: z.string().optional(),
    birthdate: z.string().optional(),
    personalEmailAddress: z.string().optional(),
    hometown: z.string().optional(),
    currentAddress: z.string().optional(),
    education: z.array(z.string()).optional(),
    skills: z.array(refSchema).optional(),
    languages: z.array(z.string()).optional(),
    hobbies: z.string().optional(),
    currentRole: z.string().optional(),
    about: z.string().optional(),
    isVegan: z.string().optional(),
  }).optional(),
});
export type UserExtrasView = z.infer<typeof userExtrasSchema>;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message).max(300);

/** spec §5: start month+year and end month+year ('Field is required.'), company, position. */
export const experienceInputSchema = z.object({
  company: requiredText(EXTRA_MESSAGES.company),
  position: requiredText(EXTRA_MESSAGES.position),
  description: longText(5000).optional(),
  startDate: z.string({ error: EXTRA_MESSAGES.field }).regex(MONTH_YEAR, EXTRA_MESSAGES.field),
  endDate: z.string({ error: EXTRA_MESSAGES.field }).refine((v) => v === PRESENT || MONTH_YEAR.test(v), EXTRA_MESSAGES.field),
});
export type ExperienceInput = z.infer<typeof experienceInputSchema>;

/** spec §5: each project needs a title. */
export const projectInputSchema = z.object({
  title: requiredText(EXTRA_MESSAGES.projectTitle),
  mainGoal: longText(5000).optional(),
  responsabilities: longText(5000).optional(),
  technicalSkills: longText(5000).optional(),
});
export type ProjectInput = z.infer<typeof projectInputSchema>;

const amount = z.number().min(0).max(1_000_000_000).nullable().optional();

export const bitstoneInfoInputSchema = z.object({
  benefits: z.array(shortText(300)).max(50).optional(),
  learningAndDev: amount,
  teamBuildings: amount,
  holidays: amount,
  currentRole: shortText(300).optional(),
  about: looseText.optional(),
});

/** A real day 15 to 100 years ago, or '' for none (shared/rules/birthdate.ts); checked on the day it is sent. */
const birthdateSchema = z.string().superRefine((value, ctx) => {
  const problem = birthdateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const personalInfoInputSchema = z.object({
  officialName: shortText(300).optional(),
  birthdate: birthdateSchema.optional(),
  personalEmailAddress: shortText(300).optional(),
  hometown: shortText(300).optional(),
  currentAddress: shortText(500).optional(),
  education: z.array(shortText(300)).max(50).optional(),
  skills: z.array(refSchema).max(200).optional(),
  languages: z.array(shortText(100)).max(50).optional(),
  hobbies: shortText(2000).optional(),
  currentRole: shortText(300).optional(),
  about: looseText.optional(),
  /** spec §3: dietary restrictions are stored under isVegan */
  isVegan: shortText(300).optional(),
});

/**
 * PUT /user/:id/extras: only the sections sent are replaced; the hub refuses (403) a section
 * the caller may not edit (spec §6) and validates the rules of spec §5 (400).
 */
export const extrasUpdateSchema = z.object({
  bitstoneInfo: bitstoneInfoInputSchema.optional(),
  relevantExperience: z.array(experienceInputSchema).max(100).optional(),
  projectsInfo: z.array(projectInputSchema).max(100).optional(),
  personalInfo: personalInfoInputSchema.optional(),
});
export type ExtrasUpdate = z.infer<typeof extrasUpdateSchema>;

/** GET /skill (spec §7 answer shape data.skills) and POST /skill (name: a list). */
export const skillsResponseSchema = envelope(z.object({ skills: z.array(refSchema) }));
export const createSkillsSchema = z.object({
  name: z.array(z.string().trim().min(1, 'Name is required.').max(100)).min(1, 'Name is required.').max(50),
});
