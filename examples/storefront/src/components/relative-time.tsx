import { formatJstDate } from '@shop/rules';

/**
 * A moment in Japanese relative words (「3日前」). The words are computed by @shop/rules
 * formatRelativeJa in the page loader, against the moment the page was rendered, so the server
 * and the browser print the same text and date-fns stays out of the browser bundle.
 */
export function RelativeTime({ value, label }: { value: string; label: string }) {
  return (
    <time dateTime={value} title={formatJstDate(value)}>
      {label}
    </time>
  );
}
