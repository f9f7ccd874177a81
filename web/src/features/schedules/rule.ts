import type { TFunction } from 'i18next';
import { dayFormatter } from '@/shared/dates';
import type { Schedule } from './api';

type Rule = Pick<Schedule, 'frequency' | 'interval' | 'day' | 'startDate' | 'endDate' | 'count'>;

/** A rule in words: "Every 2 weeks on Friday, until 3 Feb 2027", "Every month on its last day, 12 times". */
export function describeRule(t: TFunction, r: Rule, locale: string): string {
  const count = r.interval;
  let text: string;
  switch (r.frequency) {
    case 'daily':
      text = t('schedules.rule.daily', { count });
      break;
    case 'weekly':
      text = t('schedules.rule.weekly', { count, weekday: dayFormatter(locale, { weekday: 'long' })(r.startDate) });
      break;
    case 'monthly':
      text = r.day >= 31 ? t('schedules.rule.monthlyLast', { count }) : t('schedules.rule.monthly', { count, day: r.day });
      break;
    default:
      text = t('schedules.rule.yearly', { count, date: dayFormatter(locale, { day: 'numeric', month: 'long' })(r.startDate) });
  }
  const parts = [text];
  if (r.endDate) parts.push(t('schedules.rule.until', { date: dayFormatter(locale)(r.endDate) }));
  if (r.count > 0) parts.push(t('schedules.rule.times', { count: r.count }));
  return parts.join(', ');
}
