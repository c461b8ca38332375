import { formatReleaseDate, type ReleaseDatePrecision } from '@shop/rules';

/**
 * The release an order, a shipment of checkout or a bundle waits for, as the shop prints it at
 * the precision the API gives (「2027年3月中旬発売予定」, not a made-up day); null when it waits for
 * none. A checkout result kept in the tab from before the API said the precision reads as a day.
 */
export function releaseLabel(release: {
  releaseDate: string | null;
  releaseDatePrecision?: ReleaseDatePrecision | null;
}): string | null {
  if (release.releaseDate === null) return null;
  return formatReleaseDate({
    date: release.releaseDate,
    precision: release.releaseDatePrecision ?? 'day',
  });
}
