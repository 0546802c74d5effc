// Admin → Desktop app: how sizes, dates and the required mark read.

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** '120.4 MB', '812 bytes': decimal units, one decimal place past bytes. */
export function fileSizeText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** The metadata's release date as a day, '—' when it gives none or an unreadable one. */
export function releaseDateText(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? day.format(date) : '—';
}

/** What the Required column says: the mark may name an older release than the one published. */
export function requiredText(published: string, requiredVersion: string | null): string {
  if (requiredVersion === null) return 'Not required';
  return requiredVersion === published ? 'Required' : `${requiredVersion} required`;
}

/** '45 %' of an upload. */
export function progressText(sent: number, total: number): string {
  return `${total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0} %`;
}
