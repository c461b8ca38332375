import type { ErrorDetail } from '../errors';
import {
  type AdminProduct,
  type ProductFields,
  productFieldsSchema,
  type VariationFields,
  variationBodySchema,
} from './catalog-schemas';
import type { CsvRecord } from './csv';

// The product CSV (docs/backoffice.md, "Product CSV format"): a publisher's or distributor's
// feed, one row per variation with the product's columns repeated on each. A product is found
// by `product_id` (the shop's id, which the export writes) or else by its JAN/ISBN code (`jan`),
// so importing a file twice changes nothing the second time; within a product, a variation by
// its name. Cells are validated by the same schemas as the JSON routes (catalog-schemas.ts), so
// the messages are the same.

/** The columns, in the order the export writes them, and the field each one sets. */
export const PRODUCT_CSV_COLUMNS = [
  'product_id',
  'jan',
  'title',
  'title_kana',
  'categories',
  'genre',
  'series',
  'series_kana',
  'author',
  'author_kana',
  'circle',
  'circle_kana',
  'publisher',
  'description',
  'adult',
  'sale_starts_at',
  'release_date',
  'release_precision',
  'reservation_type',
  'expected_restock_date',
  'bonus',
  'variation',
  'price',
  'points',
  'stock',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The column of each product field (the messages name the column the staff see). */
const PRODUCT_COLUMN_OF: Record<keyof ProductFields, ProductCsvColumn> = {
  isbn: 'jan',
  title: 'title',
  titleKana: 'title_kana',
  categories: 'categories',
  genre: 'genre',
  seriesTitle: 'series',
  seriesKana: 'series_kana',
  authorName: 'author',
  authorKana: 'author_kana',
  circleName: 'circle',
  circleKana: 'circle_kana',
  publisher: 'publisher',
  description: 'description',
  isAdult: 'adult',
  saleStartsAt: 'sale_starts_at',
  releaseDate: 'release_date',
  releaseDatePrecision: 'release_precision',
  reservationType: 'reservation_type',
  expectedRestockDate: 'expected_restock_date',
  bonusContent: 'bonus',
};

const VARIATION_COLUMN_OF: Record<keyof VariationFields, ProductCsvColumn> = {
  name: 'variation',
  unitPrice: 'price',
  pointValue: 'points',
  stock: 'stock',
};

/** Categories in one cell: `コミック|中古`. */
export const CATEGORY_SEPARATOR = '|';

/** The most data rows one import takes (about 1,000 titles of five editions). */
export const MAX_IMPORT_ROWS = 5_000;

/** One data row, read and validated. */
export interface ProductCsvRow {
  line: number;
  productId: number | null;
  fields: ProductFields;
  /** Null for a row of a product without variations (variation, price, points, stock empty). */
  variation: VariationFields | null;
}

export type HeaderCheck =
  | { ok: true; index: Map<ProductCsvColumn, number> }
  | { ok: false; problems: ErrorDetail[] };

/** The header must name every column once, in any order, and nothing else. */
export function readHeader(header: CsvRecord): HeaderCheck {
  const problems: ErrorDetail[] = [];
  const index = new Map<ProductCsvColumn, number>();
  header.fields.forEach((name, position) => {
    const column = PRODUCT_CSV_COLUMNS.find((known) => known === name.trim());
    if (column === undefined) {
      problems.push({
        path: `1.${name}`,
        line: 1,
        column: name,
        message: `列「${name}」は商品CSVの列ではありません`,
      });
    } else if (index.has(column)) {
      problems.push({
        path: `1.${column}`,
        line: 1,
        column,
        message: `列「${column}」が2つあります`,
      });
    } else {
      index.set(column, position);
    }
  });
  for (const column of PRODUCT_CSV_COLUMNS) {
    if (!index.has(column)) {
      problems.push({
        path: `1.${column}`,
        line: 1,
        column,
        message: `列「${column}」がありません`,
      });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, index };
}

/** A number cell as typed in a spreadsheet (`1,100`, full-width digits): a number, or the text. */
function numberCell(cell: string): number | string {
  const text = cell.normalize('NFKC').replace(/,/g, '').trim();
  return /^-?\d+$/.test(text) ? Number(text) : cell;
}

const empty = (cell: string) => cell.trim() === '';

/** Reads one data row; every problem is named by its line and column. */
export function readRow(
  record: CsvRecord,
  index: Map<ProductCsvColumn, number>,
): { ok: true; row: ProductCsvRow } | { ok: false; problems: ErrorDetail[] } {
  const cell = (column: ProductCsvColumn) => record.fields[index.get(column) as number] ?? '';
  const problems: ErrorDetail[] = [];
  const problem = (column: ProductCsvColumn, message: string) =>
    problems.push({ path: `${record.line}.${column}`, line: record.line, column, message });

  let productId: number | null = null;
  if (!empty(cell('product_id'))) {
    const id = numberCell(cell('product_id'));
    if (typeof id === 'number' && id > 0 && id < 2 ** 31) productId = id;
    else problem('product_id', '商品IDは正の整数で入力してください');
  }
  if (productId === null && empty(cell('jan'))) {
    problem('jan', 'JAN/ISBNコード（または商品ID）を入力してください');
  }
  const adult = cell('adult').trim();
  if (!['', '0', '1'].includes(adult))
    problem('adult', '成人向けは1（はい）か0（いいえ）で入力してください');

  const orNull = (column: ProductCsvColumn) => (empty(cell(column)) ? null : cell(column));
  const fields = productFieldsSchema.safeParse({
    title: cell('title'),
    titleKana: cell('title_kana'),
    description: cell('description'),
    categories: cell('categories')
      .split(CATEGORY_SEPARATOR)
      .map((category) => category.trim())
      .filter((category) => category !== ''),
    genre: cell('genre').trim(),
    seriesTitle: cell('series'),
    seriesKana: cell('series_kana'),
    authorName: cell('author'),
    authorKana: cell('author_kana'),
    circleName: cell('circle'),
    circleKana: cell('circle_kana'),
    publisher: cell('publisher'),
    isbn: cell('jan'),
    isAdult: adult === '1',
    saleStartsAt: orNull('sale_starts_at'),
    releaseDate: orNull('release_date'),
    releaseDatePrecision: empty(cell('release_precision'))
      ? 'day'
      : cell('release_precision').trim(),
    reservationType: orNull('reservation_type'),
    expectedRestockDate: orNull('expected_restock_date'),
    bonusContent: cell('bonus'),
  });
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const field = issue.path[0] as keyof ProductFields;
      problem(PRODUCT_COLUMN_OF[field], issue.message);
    }
  }

  let variation: VariationFields | null = null;
  const variationCells = (['variation', 'price', 'points', 'stock'] as const).map(cell);
  if (empty(cell('variation'))) {
    if (!variationCells.every(empty)) {
      problem(
        'variation',
        '版の名前を入力してください（価格・ポイント・在庫のある行には必要です）',
      );
    }
  } else {
    const parsed = variationBodySchema.safeParse({
      name: cell('variation'),
      unitPrice: empty(cell('price')) ? null : numberCell(cell('price')),
      pointValue: empty(cell('points')) ? 0 : numberCell(cell('points')),
      stock: empty(cell('stock')) ? 0 : numberCell(cell('stock')),
    });
    if (parsed.success) variation = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        problem(VARIATION_COLUMN_OF[issue.path[0] as keyof VariationFields], issue.message);
      }
    }
  }
  if (problems.length > 0 || !fields.success) return { ok: false, problems };
  return { ok: true, row: { line: record.line, productId, fields: fields.data, variation } };
}

/** The differing product column of two rows of one product, or null when they agree. */
export function disagreeingColumn(a: ProductFields, b: ProductFields): ProductCsvColumn | null {
  for (const field of Object.keys(PRODUCT_COLUMN_OF) as (keyof ProductFields)[]) {
    if (JSON.stringify(a[field]) !== JSON.stringify(b[field])) return PRODUCT_COLUMN_OF[field];
  }
  return null;
}

/** One product field as its cell shows it: empty for none, `1`/`0` for yes/no, categories joined. */
function fieldCell(value: AdminProduct[keyof ProductFields]): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.join(CATEGORY_SEPARATOR);
  return value;
}

/** The rows of one product as the export writes them (one without variations: one row). */
export function productRows(product: AdminProduct): string[][] {
  const fields = Object.entries(PRODUCT_COLUMN_OF) as [keyof ProductFields, ProductCsvColumn][];
  const base: Record<ProductCsvColumn, string> = {
    ...(Object.fromEntries(
      fields.map(([field, column]) => [column, fieldCell(product[field])]),
    ) as Record<ProductCsvColumn, string>),
    product_id: String(product.id),
    variation: '',
    price: '',
    points: '',
    stock: '',
  };
  const variations = product.variations.length > 0 ? product.variations : [null];
  return variations.map((variation) => {
    const row =
      variation === null
        ? base
        : {
            ...base,
            variation: variation.name,
            price: variation.unitPrice === null ? '' : String(variation.unitPrice),
            points: String(variation.pointValue),
            stock: String(variation.stock),
          };
    return PRODUCT_CSV_COLUMNS.map((column) => row[column]);
  });
}
