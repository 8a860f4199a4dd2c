/** A number of days as a person says it: whole years as years, long spans with their months, short ones in days. */
export function daysInWords(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  if (days >= 60) return `${days} days (about ${Math.round(days / 30.44)} months)`;
  return days === 1 ? '1 day' : `${days} days`;
}
