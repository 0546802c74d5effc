import { PICTURE_MAX_BYTES } from './constants';
import { PICTURE_MESSAGES } from './people-messages';

// spec §5 picture upload: jpeg, jpg and png only, at most 1MB. The type is read from the bytes
// (magic numbers), never from the file name or the declared content type.

export type ImageType = 'image/png' | 'image/jpeg';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
}

/** The spec §5 message for a picture that may not be saved, or null when it may. */
export function pictureProblem(bytes: Uint8Array | null | undefined): string | null {
  if (!bytes || bytes.length === 0) return PICTURE_MESSAGES.required;
  if (bytes.length > PICTURE_MAX_BYTES) return PICTURE_MESSAGES.size;
  if (!imageTypeOf(bytes)) return PICTURE_MESSAGES.type;
  return null;
}
