import { PICTURE_CROP_ASPECT, PICTURE_MAX_BYTES, PICTURE_OUTPUT } from '../../../../shared/rules/constants';
import { PICTURE_MESSAGES } from '../../../../shared/rules/people-messages';

// spec §5 picture rules: jpeg/jpg/png, at most 1MB, crop aspect 0.8, output 400x600.

export const PICTURE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;

export function pictureProblem(file: File | null | undefined): string | null {
  if (!file) return PICTURE_MESSAGES.required;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type) || !['jpeg', 'jpg', 'png'].includes(ext)) return PICTURE_MESSAGES.type;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_MESSAGES.size;
  return null;
}

export interface Crop {
  /** the crop box in source-image pixels; width / height = 0.8 */
  x: number; y: number; width: number; height: number;
}

/** The largest 0.8 box centred in the image. */
export function initialCrop(imageWidth: number, imageHeight: number): Crop {
  const width = Math.min(imageWidth, imageHeight * PICTURE_CROP_ASPECT);
  const height = width / PICTURE_CROP_ASPECT;
  return { x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width, height };
}

/** Zoom (>= 1) shrinks the box around its centre; the box stays inside the image. */
export function zoomCrop(crop: Crop, zoom: number, imageWidth: number, imageHeight: number): Crop {
  const base = initialCrop(imageWidth, imageHeight);
  const width = base.width / zoom;
  const height = width / PICTURE_CROP_ASPECT;
  const cx = crop.x + crop.width / 2;
  const cy = crop.y + crop.height / 2;
  return clampCrop({ x: cx - width / 2, y: cy - height / 2, width, height }, imageWidth, imageHeight);
}

export function clampCrop(crop: Crop, imageWidth: number, imageHeight: number): Crop {
  return {
    ...crop,
    x: Math.min(Math.max(0, crop.x), imageWidth - crop.width),
    y: Math.min(Math.max(0, crop.y), imageHeight - crop.height),
  };
}

/**
 * The 0.8 crop scaled to the 400 px output width and placed on a 400x600 canvas (spec §9 gives
 * both numbers; letterboxing keeps faces undistorted).
 */
export function renderCrop(image: CanvasImageSource, crop: Crop, type: 'image/png' | 'image/jpeg'): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = PICTURE_OUTPUT.width;
  canvas.height = PICTURE_OUTPUT.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This browser cannot draw pictures.'));
  ctx.fillStyle = '#f3f2f1';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const drawHeight = PICTURE_OUTPUT.width / PICTURE_CROP_ASPECT;
  ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, (PICTURE_OUTPUT.height - drawHeight) / 2, PICTURE_OUTPUT.width, drawHeight);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be prepared.'))), type, 0.9);
  });
}
