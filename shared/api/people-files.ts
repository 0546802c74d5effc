import { z } from 'zod';
import { envelope } from './common';

// Pictures and the VPN file (spec §5, §7).

/** A lower-case dotted name ('ana.maria.pop'): letters, digits, dots, hyphens and apostrophes, never '..' or a slash. */
export const dottedNameSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\p{Ll}\p{Lo}\p{N}'-]+(\.[\p{Ll}\p{Lo}\p{N}'-]+)*$/u, 'Invalid file name.');

export const vpnNameParamsSchema = z.object({ name: dottedNameSchema });
/** DELETE /user/delete-file/{dotted.name}.ovpn */
export const vpnFileParamsSchema = z.object({
  file: z.string().max(210).refine((v) => v.endsWith('.ovpn') && dottedNameSchema.safeParse(v.slice(0, -'.ovpn'.length)).success, 'Invalid file name.'),
});

/** GET /user/exists/{name}: spec §7 'status, true when a VPN file exists'. */
export const vpnExistsResponseSchema = envelope(z.object({ status: z.boolean() }));
export const vpnSavedResponseSchema = envelope(z.object({ name: z.string() }));
export const vpnDeletedResponseSchema = envelope(z.object({ deleted: z.literal(true) }));
export const pictureSavedResponseSchema = envelope(z.object({ imagePath: z.string() }));
