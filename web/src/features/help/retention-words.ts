import { translate } from '#web/lib/i18n';

/** A number of days as a person says it, in the active language: whole years as years, long spans with their months, short ones in days. */
export function daysInWords(days: number): string {
  if (days % 365 === 0) return translate('help.years', { count: days / 365 });
  if (days >= 60) return translate('help.daysAboutMonths', { count: days, months: Math.round(days / 30.44) });
  return translate('help.days', { count: days });
}
