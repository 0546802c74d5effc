// people-and-shell §5: VPN file rules.
export const VPN_MESSAGES = {
  type: 'File type is invalid. Accepted file type: .ovpn',
  name: 'File name format is invalid. The filename must contain the user first and last name.',
  nameAtSave: 'File name format invalid. The title must contain the user first and last name',
} as const;

/** 'Ana Maria Pop' → 'ana.maria.pop' (lower case, spaces replaced by dots). */
export function dottedName(name: string): string {
  return name.trim().toLowerCase().split(/\s+/).join('.');
}

export function validateVpnFileName(fileName: string, userName: string, atSave = false): string | null {
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (ext !== 'ovpn') return VPN_MESSAGES.type;
  if (fileName.slice(0, dot) !== dottedName(userName)) return atSave ? VPN_MESSAGES.nameAtSave : VPN_MESSAGES.name;
  return null;
}
