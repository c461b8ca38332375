import { ja } from 'date-fns/locale/ja';
import { type DateInput, toInstant } from '../_lib/jst';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago (or ahead) `date` is from `now`, in the shop's Japanese wording: 「たった今」
 * under a minute ago, 「まもなく」 under a minute ahead, then 「3分前」, 「5時間前」, 「2日後」,
 * 「1か月前」 (30 days), 「1年後」 (365 days).
 *
 * Counts are whole units rounded down (1 hour 59 minutes is 「1時間前」) and never approximate:
 * the shop does not say 「約1時間前」 as date-fns' `formatDistance` does. Units are computed
 * from elapsed milliseconds (Japan has no daylight saving time), so the host's zone never
 * matters; the wording is date-fns' ja locale. A date-only value is 00:00 JST of that day.
 *
 * @example
 * const now = new Date('2026-12-01T12:00:00+09:00');
 * formatRelativeJa('2026-12-01T11:57:00+09:00', now); // '3分前'
 * formatRelativeJa('2026-12-03T12:00:00+09:00', now); // '2日後'
 * formatRelativeJa(now, now); // 'たった今'
 */
export function formatRelativeJa(date: DateInput, now: Date): string {
  const diff = toInstant(date).getTime() - toInstant(now).getTime();
  const ahead = diff > 0;
  const elapsed = Math.abs(diff);
  if (elapsed < MINUTE) return ahead ? 'まもなく' : 'たった今';
  const [token, count] = unitOf(elapsed);
  return ja.formatDistance(token, count, { addSuffix: true, comparison: ahead ? 1 : -1 });
}

function unitOf(elapsed: number): ['xMinutes' | 'xHours' | 'xDays' | 'xMonths' | 'xYears', number] {
  if (elapsed < HOUR) return ['xMinutes', Math.floor(elapsed / MINUTE)];
  if (elapsed < DAY) return ['xHours', Math.floor(elapsed / HOUR)];
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return ['xDays', days];
  if (days < 365) return ['xMonths', Math.min(11, Math.floor(days / 30))];
  return ['xYears', Math.floor(days / 365)];
}
