import type { HTTP_METHODS, IpcPayload } from '../../../shared/ipc';
import type { LoginBody } from '../../../shared/api/auth';
import type { SessionUser } from '../../../shared/api/users';

export type HttpMethod = (typeof HTTP_METHODS)[number];
export type QueryParams = NonNullable<IpcPayload<'hub:request'>['query']>;

export interface RequestOptions {
  /** camelCase keys; the transport converts them for the wire */
  query?: QueryParams;
  /** camelCase keys; the transport converts them for the wire */
  body?: unknown;
  /** docs/api.md 'Idempotency keys': sent as Idempotency-Key (hubCall gives every POST one per submit) */
  idempotencyKey?: string;
}

export interface SignInResult {
  user: SessionUser;
  firstLogin: boolean;
  /** a one-time password; the stepper asks for a new one first */
  passwordMustChange: boolean;
}

export interface UploadInput {
  /** the multipart field the hub reads the file from, e.g. 'image' */
  fieldName: string;
  file: Blob;
  /** defaults to the File's own name */
  fileName?: string;
  /** plain form fields beside the file, as named on the wire */
  fields?: Record<string, string>;
}

/** Several files in one multipart POST, with the progress of the whole form */
export interface FilesUploadInput {
  fieldName: string;
  files: File[];
  onProgress?: (sent: number, total: number) => void;
}

export type DownloadResult = { status: 'saved' } | { status: 'cancelled' } | { status: 'failed'; message: string };

/**
 * How screens reach the hub. Two implementations: desktop (window.hub, the token stays in
 * Electron main) and web (fetch to /api, the token stays in an HttpOnly cookie). Screens never
 * know which one they got, and neither ever hands a token to the renderer.
 */
export interface Transport {
  readonly kind: 'desktop' | 'web';
  /** Resolves with the camelCased `data` of the answer; rejects with a HubError. */
  request(method: HttpMethod, path: string, options?: RequestOptions): Promise<unknown>;
  signIn(credentials: LoginBody): Promise<SignInResult>;
  /** Best effort: the local session ends whether or not the hub heard us. */
  signOut(): Promise<void>;
  /** Saves what GET {hubPath} answers under a suggested file name (save dialog or download). */
  download(hubPath: string, suggestedName: string): Promise<DownloadResult>;
  /** A multipart upload; resolves and rejects as request() does. */
  upload(method: 'PUT' | 'POST', path: string, input: UploadInput): Promise<unknown>;
  /**
   * A desktop release's installers (100+ MB each) in one POST, with progress. Web only:
   * the desktop bridge carries uploads of 5 MB at most, so the desktop transport has none.
   */
  uploadFiles?(path: string, input: FilesUploadInput): Promise<unknown>;
  /** The bytes of a picture the hub serves at GET {path} (desktop: main fetches it with the token). */
  image(path: string): Promise<Blob>;
  /** design §3 (CV PDF): desktop prints this page to an A4 PDF and saves it; web opens the print dialog. */
  savePagePdf(suggestedName: string): Promise<DownloadResult>;
  /** Called on any 401 outside sign-in: the session has ended everywhere. */
  onUnauthorized(listener: () => void): () => void;
  /** Called on any call the hub did not answer at all (status 0): the app goes offline at once. */
  onUnreachable(listener: () => void): () => void;
}
