import { isValidSlug, PRODUCT_LIST_TYPES, RANKING_TYPES, SALE_TERMS } from '@shop/rules';
import * as z from 'zod';

// Path and query parameters shared by several routes: the numeric id of any area, and the
// catalog's, whose allowed values come from @shop/rules so the API accepts exactly what the
// storefront's routes can produce.

/**
 * A whole number from 1 written in a path or a query: at most `digits` digits, no sign, no
 * leading zero (so `+1`, `01` and `1e3` are refused with `error`, never read as some number).
 */
export function positiveIntText(digits: number, error: string) {
  return z
    .string()
    .regex(new RegExp(`^[1-9]\\d{0,${digits - 1}}$`), { error })
    .transform(Number);
}

/** A numeric id in a path (`/api/addressbook/12/`): 1 to 9 digits, no sign, no leading zero. */
export const idParamSchema = z.strictObject({ id: positiveIntText(9, 'IDが正しくありません') });

/** `?page=` of a member's own lists (favourites, notices): from 1, at most 5 digits, optional. */
export const memberPageQuery = z.strictObject({
  page: positiveIntText(5, 'ページ番号が正しくありません').optional(),
});

/** The values of a @shop/rules `{ value, label }` list, as the non-empty tuple z.enum takes. */
export function values<T extends string>(list: readonly { value: T }[]): [T, ...T[]] {
  return list.map((item) => item.value) as [T, ...T[]];
}

export const slugParam = z.object({
  slug: z
    .string()
    .refine(isValidSlug, { message: '英数字・ハイフン・下線の識別子を指定してください。' }),
});

export const rankingParam = z.object({ type: z.enum(values(RANKING_TYPES)) });
export const saleTermParam = z.object({ term: z.enum(values(SALE_TERMS)) });
export const productListParam = z.object({ type: z.enum(values(PRODUCT_LIST_TYPES)) });

export const MAX_LIST_PAGE = 1000;

const pageField = z
  .string()
  .regex(/^[1-9]\d{0,3}$/, {
    message: `ページ番号は1から${MAX_LIST_PAGE}の整数で指定してください。`,
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .max(MAX_LIST_PAGE, { message: `ページ番号は${MAX_LIST_PAGE}以下で指定してください。` }),
  )
  .optional()
  .transform((page) => page ?? 1);

export const pageQuery = z.object({ page: pageField });

/** The days a release list may be asked for. */
const FIRST_LIST_DAY = '1900-01-01';
const LAST_LIST_DAY = '2999-12-31';

export const saleListQuery = z.object({
  page: pageField,
  /**
   * Any day of the wanted day, week or month (JST), e.g. 2026-11-22, from 1900 to 2999: the
   * calendar rules read no year before 100, and a week or month must not run past 9999.
   */
  date: z.iso
    .date({ message: '日付は2026-04-01のように年-月-日で指定してください。' })
    .refine((day) => day >= FIRST_LIST_DAY && day <= LAST_LIST_DAY, {
      message: `日付は${FIRST_LIST_DAY}から${LAST_LIST_DAY}までの間で指定してください。`,
    })
    .optional(),
});
