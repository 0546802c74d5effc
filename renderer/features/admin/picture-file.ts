import { imageTypeOf, pictureProblem } from '../../../shared/rules/image-type';

/** A chosen picture: its bytes checked as the hub will check them (spec §5), as base64 for the JSON call. */
export async function readPicture(file: File | undefined | null): Promise<{ base64: string; type: string } | { problem: string }> {
  const bytes = file ? new Uint8Array(await file.arrayBuffer()) : null;
  const problem = pictureProblem(bytes);
  if (problem || !bytes) return { problem: problem ?? 'Please choose a file' };
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary), type: imageTypeOf(bytes) ?? 'image/png' };
}
