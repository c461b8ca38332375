import { isbot } from 'isbot';

/**
 * Whether a user agent looks like a crawler, link-preview fetcher or automated checker
 * (Googlebot, bingbot, Applebot, Yahoo! Slurp, DuckDuckBot, Baiduspider, YandexBot, Twitterbot,
 * facebookexternalhit and LINE's preview, Slackbot, Discordbot, Chrome-Lighthouse,
 * HeadlessChrome, curl, ...). Uses the maintained `isbot` list. A missing or empty user agent
 * counts as a crawler: every browser sends one, only tools leave it out. For these, rendering
 * errors are only reported and no fatal screen is shown (docs/spec.md §8).
 *
 * @example
 * isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'); // true
 * isCrawler('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'); // false
 */
export function isCrawler(userAgent: string | null | undefined): boolean {
  if (userAgent === null || userAgent === undefined || userAgent.trim() === '') return true;
  return isbot(userAgent);
}
