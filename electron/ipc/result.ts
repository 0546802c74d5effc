import type { z } from 'zod';
import { HubError, SERVER_ERROR_MESSAGE, isHubErrorShape, type HubErrorShape } from '../../shared/api/hub-error';
import type { IpcChannel, IpcPayload, IpcResults } from '../../shared/ipc';
import type { IpcSenderEvent } from './sender';

/** What a channel does once the sender and the payload have been checked (the event: for the sender's page). */
export type ChannelAction<C extends IpcChannel> = (payload: IpcPayload<C>, event: IpcSenderEvent) => Promise<IpcResults[C]>;
export type ChannelActions<K extends IpcChannel = IpcChannel> = { [C in K]: ChannelAction<C> };

export function validationError(error: z.ZodError): HubErrorShape {
  return {
    status: 400,
    serverError: false,
    errors: error.issues.map((issue) => (issue.path.length ? { message: issue.message, field: issue.path.map(String).join('.') } : { message: issue.message })),
  };
}

export const senderRefused = (): HubErrorShape => ({
  status: 403,
  serverError: false,
  errors: [{ message: 'This window may not talk to the hub.' }],
});

export function badRequest(message: string, field?: string): HubError {
  return new HubError({ status: 400, serverError: false, errors: [field ? { message, field } : { message }] });
}

/** Anything thrown in main becomes the one error shape; internals stay in main's log. */
export function toErrorShape(error: unknown): HubErrorShape {
  if (error instanceof HubError) return error.toJSON();
  if (isHubErrorShape(error)) return { status: error.status, serverError: error.serverError, errors: error.errors };
  return { status: 500, serverError: true, errors: [{ message: SERVER_ERROR_MESSAGE }] };
}
