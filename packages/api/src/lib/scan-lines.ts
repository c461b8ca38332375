import { stripVTControlCharacters } from 'node:util';

/**
 * What `find` finds on each line of a log or a dump, each with its line (from 1): the one walk
 * the card-number and personal-data scans share. Terminal colour codes are removed first, as
 * they may stick to what follows them (`\x1b[31m4111…` would not stand on its own).
 */
export function scanLines<T extends object>(
  text: string,
  find: (line: string) => Iterable<T>,
): (T & { line: number })[] {
  return stripVTControlCharacters(text)
    .split('\n')
    .flatMap((content, index) =>
      Array.from(find(content), (found) => ({ ...found, line: index + 1 })),
    );
}
