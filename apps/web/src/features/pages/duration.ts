type Unit = 'day' | 'hour' | 'minute';

/** '30 days', '30 días', '30 jours', '30 Tage': a length of time in the reader's language. */
export function duration(value: number, unit: Unit, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** A cookie's lifetime in its largest whole unit: 2592000 s → '30 days', 300 s → '5 minutes'. */
export function lifetime(seconds: number, lng: string): string {
  if (seconds % 86_400 === 0) return duration(seconds / 86_400, 'day', lng);
  if (seconds % 3600 === 0) return duration(seconds / 3600, 'hour', lng);
  return duration(Math.round(seconds / 60), 'minute', lng);
}
