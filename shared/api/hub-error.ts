import type { ApiError } from './common';

/** The one error shape every client sees (style.md: errors have one shape). */
export interface HubErrorShape {
  status: number;
  /** true for 5xx and for a hub that cannot be reached */
  serverError: boolean;
  errors: ApiError[];
}

export class HubError extends Error implements HubErrorShape {
  readonly status: number;
  readonly serverError: boolean;
  readonly errors: ApiError[];

  constructor(shape: HubErrorShape) {
    super(shape.errors.map((e) => e.message).join(', ') || `HTTP error! Status: ${shape.status}`);
    this.name = 'HubError';
    this.status = shape.status;
    this.serverError = shape.serverError;
    this.errors = shape.errors;
  }

  /** The message for one form field, if the hub named that field. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }

  toJSON(): HubErrorShape {
    return { status: this.status, serverError: this.serverError, errors: this.errors };
  }
}

export function isHubErrorShape(value: unknown): value is HubErrorShape {
  return !!value && typeof value === 'object' && 'status' in value && 'errors' in value && Array.isArray((value as HubErrorShape).errors);
}

export const UNREACHABLE_MESSAGE = 'The hub cannot be reached. Check your connection or the hub address in Settings.';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on the hub. Please try again.';
/** 503: the hub's database kept cancelling the change as a conflict with another one (nothing was saved). */
export const BUSY_MESSAGE = 'The hub is busy. Try again.';
