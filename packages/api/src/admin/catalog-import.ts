import { sql } from 'drizzle-orm';
import { Rollback, type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import type { ErrorDetail } from '../errors';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from '../staff/access';
import { changedFields, changesNothing, recordAudit } from '../staff/audit';
import {
  CATALOG_MESSAGES,
  catalogKeysOf,
  changeVariation,
  fieldsOf,
  insertVariation,
  lockCatalogKeys,
  productOfCode,
  readProduct,
  readProducts,
  writeProductFields,
} from './catalog';
import {
  disagreeingColumn,
  MAX_IMPORT_ROWS,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  type ProductCsvRow,
  productRows,
  readHeader,
  readRow,
} from './catalog-csv-format';
import {
  type AdminProduct,
  type ImportAnswer,
  type ProductFields,
  productFieldsSchema,
  type UpdateVariationBody,
} from './catalog-schemas';
import { BOM, CSV_SYNTAX_MESSAGES, csvLines, parseCsv } from './csv';

// CSV import and export of products (docs/backoffice.md, "Product CSV format"). An import is
// (1) parsed, (2) read row by row, every problem collected with its line and column, (3) grouped
// by product, rows of one product agreeing on its columns, then (4) written in ONE transaction:
// the keys it names locked first (in one order, so concurrent imports of the same JAN code run
// one after the other and the second finds the first's product), each product created or
// updated with one audit entry. Any problem, at any step, and nothing is written: the answer
// lists them all. A dry run does everything but commit.

const MESSAGES = {
  empty: 'CSVが空です。1行目に列名、2行目から商品を書いてください。',
  invalid: (count: number) =>
    `CSVに誤りが${count}件あります。該当する行を直してから、もう一度取り込んでください（何も取り込まれていません）。`,
  tooManyRows: `一度に取り込めるのは${MAX_IMPORT_ROWS.toLocaleString('en-US')}行までです。ファイルを分けてください。`,
  disagrees: (line: number) =>
    `同じ商品の${line}行目と内容が違います（商品の列はどの行も同じにしてください）`,
  duplicateVariation: (line: number) => `同じ商品の同じ版が${line}行目にもあります`,
  productIdNotFound: 'この商品IDの商品はありません',
} as const;

/** One product of the file: its rows, in file order. */
interface ProductGroup {
  key: string;
  productId: number | null;
  fields: ProductFields;
  rows: ProductCsvRow[];
}

const detail = (line: number, column: ProductCsvColumn, message: string): ErrorDetail => ({
  path: `${line}.${column}`,
  line,
  column,
  message,
});

function refuse(problems: ErrorDetail[]): never {
  const position = (detail: ErrorDetail) =>
    PRODUCT_CSV_COLUMNS.indexOf(detail.column as ProductCsvColumn);
  const sorted = [...problems].sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0) || position(a) - position(b),
  );
  throw new ServiceError('invalid_csv', MESSAGES.invalid(sorted.length), sorted);
}

/** Steps 1-3: the file's products, or a refusal listing every problem. */
function readFile(text: string): { groups: ProductGroup[]; rows: number } {
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    const message = CSV_SYNTAX_MESSAGES[parsed.reason];
    throw new ServiceError('invalid_csv', message, [
      { path: String(parsed.line), line: parsed.line, message },
    ]);
  }
  const [header, ...records] = parsed.records;
  if (header === undefined || records.length === 0)
    throw new ServiceError('invalid_csv', MESSAGES.empty);
  if (records.length > MAX_IMPORT_ROWS) {
    throw new ServiceError('csv_too_many_rows', MESSAGES.tooManyRows);
  }
  const head = readHeader(header);
  if (!head.ok) refuse(head.problems);

  const problems: ErrorDetail[] = [];
  const groups = new Map<string, ProductGroup>();
  for (const record of records) {
    const read = readRow(record, head.index);
    if (!read.ok) {
      problems.push(...read.problems);
      continue;
    }
    const { row } = read;
    const key = row.productId !== null ? `id:${row.productId}` : `code:${row.fields.isbn}`;
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { key, productId: row.productId, fields: row.fields, rows: [row] });
      continue;
    }
    const first = group.rows[0] as ProductCsvRow;
    const column = disagreeingColumn(group.fields, row.fields);
    if (column !== null) problems.push(detail(row.line, column, MESSAGES.disagrees(first.line)));
    const twin = group.rows.find(
      (other) => (other.variation?.name ?? null) === (row.variation?.name ?? null),
    );
    if (twin) problems.push(detail(row.line, 'variation', MESSAGES.duplicateVariation(twin.line)));
    group.rows.push(row);
  }
  if (problems.length > 0) refuse(problems);
  return { groups: [...groups.values()], rows: records.length };
}

/** What an import compares and audits of a product: its fields and variations. */
function importView(product: AdminProduct) {
  return {
    ...fieldsOf(product),
    variations: product.variations.map(({ name, unitPrice, pointValue, stock }) => ({
      name,
      unitPrice,
      pointValue,
      stock,
    })),
  };
}

/**
 * The stored fields as the import's schema reads them (text cleaned as on input), so that a
 * product stored before that cleaning is not rewritten by a file repeating it.
 */
function asImported(fields: ProductFields): ProductFields {
  const parsed = productFieldsSchema.safeParse(fields);
  return parsed.success ? parsed.data : fields;
}

/** The column a write refusal is about, for the answer's line and column. */
function columnOf(refusal: ServiceError): ProductCsvColumn {
  switch (refusal.code) {
    case 'product_code_taken':
      return 'jan';
    case 'release_date_has_orders':
      return 'release_date';
    case 'price_pending_orders':
      return 'price';
    case 'variation_name_taken':
      return 'variation';
    case 'invalid_product':
      return refusal.details?.[0]?.path === 'releaseDate' ? 'release_date' : 'reservation_type';
    default:
      return 'product_id';
  }
}

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  variationsCreated: number;
  variationsUpdated: number;
}

/** Step 4 for one product: created or brought to the file's fields and variations. */
async function writeGroup(
  tx: Tx,
  group: ProductGroup,
  actor: StaffActor,
  now: Date,
  counts: Counts,
): Promise<ErrorDetail[]> {
  const first = group.rows[0] as ProductCsvRow;
  let before: AdminProduct | null = null;
  if (group.productId !== null) {
    before = await readProduct(tx, group.productId);
    if (before === null) return [detail(first.line, 'product_id', MESSAGES.productIdNotFound)];
  } else if (group.fields.isbn !== null) {
    const holder = await productOfCode(tx, group.fields.isbn);
    if (holder === 'ambiguous') return [detail(first.line, 'jan', CATALOG_MESSAGES.codeAmbiguous)];
    if (holder !== null) before = await readProduct(tx, holder.id);
  }
  const problems: ErrorDetail[] = [];
  const attempt = async (line: number, write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      problems.push(detail(line, columnOf(error), error.message));
    }
  };

  let productId = before?.id ?? null;
  if (before === null) {
    await attempt(first.line, async () => {
      productId = await writeProductFields(tx, null, null, group.fields, now);
    });
  } else if (!changesNothing(changedFields(asImported(fieldsOf(before)), group.fields))) {
    const previous = fieldsOf(before);
    await attempt(first.line, () => writeProductFields(tx, before.id, previous, group.fields, now));
  }
  if (productId === null) return problems;

  for (const row of group.rows) {
    const variation = row.variation;
    if (variation === null) continue;
    const existing = before?.variations.find((v) => v.name === variation.name);
    if (existing === undefined) {
      await attempt(row.line, () => insertVariation(tx, productId as number, variation, now));
      counts.variationsCreated += 1;
      continue;
    }
    const change: UpdateVariationBody = {};
    if (existing.unitPrice !== variation.unitPrice) change.unitPrice = variation.unitPrice;
    if (existing.pointValue !== variation.pointValue) change.pointValue = variation.pointValue;
    if (existing.stock !== variation.stock) change.stock = variation.stock;
    if (Object.keys(change).length === 0) continue;
    await attempt(row.line, () => changeVariation(tx, existing.id, change, now));
    counts.variationsUpdated += 1;
  }
  if (problems.length > 0) return problems;

  const after = (await readProduct(tx, productId)) as AdminProduct;
  if (before === null) {
    counts.created += 1;
    await recordAudit(
      tx,
      actor,
      { action: 'product.import', targetType: 'product', targetId: productId, before: null, after },
      now,
    );
    return [];
  }
  const diff = changedFields(importView(before), importView(after));
  if (changesNothing(diff)) {
    counts.unchanged += 1;
    return [];
  }
  counts.updated += 1;
  await recordAudit(
    tx,
    actor,
    { action: 'product.import', targetType: 'product', targetId: productId, ...diff },
    now,
  );
  return [];
}

/**
 * POST products/import/: the file's products created or updated, all or nothing (see the module
 * comment). Refused: 400 `invalid_csv` with every problem in `details` (line, column, message),
 * 413 `csv_too_many_rows` over MAX_IMPORT_ROWS data rows.
 */
export async function importProducts(
  deps: AppDeps,
  text: string,
  dryRun: boolean,
  actor: StaffActor,
): Promise<ImportAnswer> {
  const { groups, rows } = readFile(text);
  const now = deps.now();
  const counts: Counts = {
    created: 0,
    updated: 0,
    unchanged: 0,
    variationsCreated: 0,
    variationsUpdated: 0,
  };
  try {
    await deps.db.orm.transaction(async (tx) => {
      await lockCatalogKeys(
        tx,
        groups.flatMap((group) => catalogKeysOf(group.fields)),
      );
      const problems: ErrorDetail[] = [];
      for (const group of groups)
        problems.push(...(await writeGroup(tx, group, actor, now, counts)));
      if (problems.length > 0) throw new Rollback(problems);
      if (dryRun) throw new Rollback(null);
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    if (error.outcome !== null) refuse(error.outcome as ErrorDetail[]);
  }
  return { dryRun, rows, ...counts };
}

/** Products per page of the export: a page is one query and one chunk of the answer. */
const EXPORT_PAGE = 200;

/**
 * GET products/export/: every product in the import's format, by id, streamed a page at a time
 * so that the whole catalog is never held in memory. Importing the file changes nothing.
 */
export function exportProducts(deps: AppDeps): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${BOM}${csvLines([[...PRODUCT_CSV_COLUMNS]])}`));
        return;
      }
      const ids = await txRows<{ id: number }>(
        deps.db.orm,
        sql`select id from products where id > ${after} order by id limit ${EXPORT_PAGE}`,
      );
      if (ids.length === 0) {
        controller.close();
        return;
      }
      after = (ids.at(-1) as { id: number }).id;
      const products = await readProducts(
        deps.db.orm,
        ids.map((row) => row.id),
      );
      controller.enqueue(encoder.encode(csvLines(products.flatMap(productRows))));
    },
  });
}
