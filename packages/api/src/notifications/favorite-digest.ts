import { jstToday } from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { ScheduledJob } from './jobs';
import { enqueueNotificationsFromSelect } from './outbox';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the お気に入り新刊 digest of one JST day: one mail per member listing the products added
 * that day by an author or circle (favourite `author`) or in a series (favourite
 * `intellectualproperty`) the member follows. The dedupe key is the member and the day, so
 * running it again, or on two instances, queues nothing more. Withdrawn members are left out;
 * a member who turned the kind off is skipped by the worker (notification_opt_outs). Returns how
 * many were queued.
 */
export function queueFavoriteDigest(deps: AppDeps, day: string): Promise<number> {
  const start = new Date(`${day}T00:00:00+09:00`);
  const end = new Date(start.getTime() + DAY_MS);
  return enqueueNotificationsFromSelect(
    deps.db.orm,
    'favorite_new_releases',
    sql`select f.member_id,
               jsonb_build_object('day', ${day}::text, 'productIds', jsonb_agg(distinct p.id order by p.id)),
               'favorite_new_releases:member:' || f.member_id || ':day:' || ${day}::text
        from products p
          join favorites f on
            (f.content_type = 'author' and f.target_id in (p.author_id, p.circle_id))
            or (f.content_type = 'intellectualproperty' and f.target_id = p.series_id)
          join members m on m.id = f.member_id and m.withdrawn_at is null
        where p.created_at >= ${start.toISOString()} and p.created_at < ${end.toISOString()}
        group by f.member_id`,
    deps.now(),
  );
}

/**
 * The daily digest job: each tick (hourly, once across instances) queues the digest of the JST
 * day that ended last, so the mail goes out in the first hour of the next day and a tick missed
 * is made up by the next one that day.
 */
export const favoriteDigest: ScheduledJob = {
  name: 'favorite_new_releases_digest',
  intervalMs: 60 * 60 * 1000,
  async run(deps, now) {
    await queueFavoriteDigest(deps, jstToday(new Date(now.getTime() - DAY_MS)));
  },
};
