import {
  type Category,
  ean13CheckDigit,
  type Genre,
  jstToday,
  normalizeForSearch,
  type ReleaseDatePrecision,
  searchableText,
} from '@shop/rules';
import { addDays, daysBetween, earlierDay, jstInstant, laterDay } from '../lib/days';
import { createRandom, mixSeed, type Random } from './random';
import { readingOf } from './readings';
import {
  BENEFIT_TITLES,
  BONUS_CONTENTS,
  CIRCLE_PATTERNS,
  FAMILY_NAMES,
  FULL_WIDTH_LATIN_WORDS,
  GIVEN_NAMES,
  HALF_WIDTH_KATAKANA_WORDS,
  KANA_WORDS,
  KANJI_WORDS,
  KATAKANA_WORDS,
  LATIN_WORDS,
  NEWS_CATEGORIES,
  NEWS_TITLES,
  POSTPONEMENT_REASONS,
  PUBLISHERS,
  SHOWCASE_TITLES,
} from './words';

// Rows use the database's column names, so a batch goes to PostgreSQL as one JSON document.

export interface AuthorRow {
  id: number;
  slug: string;
  name: string;
  name_kana: string;
  kind: 'author' | 'circle';
}
export interface SeriesRow {
  id: number;
  slug: string;
  title: string;
  title_kana: string;
}
export interface ProductRow {
  id: number;
  slug: string;
  title: string;
  title_kana: string;
  description: string;
  categories: Category[];
  genre: Genre;
  series_id: number | null;
  author_id: number | null;
  circle_id: number | null;
  publisher: string;
  isbn: string | null;
  is_adult: boolean;
  reservation_type: string | null;
  sell_start_date: string;
  release_date_precision: ReleaseDatePrecision;
  expected_restock_date: string | null;
  disabled_before: string | null;
  has_bonus: boolean;
  bonus_content: string | null;
  cover_image: string;
  order_count: number;
  search_title: string;
  search_text: string;
  created_at: string;
  updated_at: string;
}
export interface VariationRow {
  id: number;
  product_id: number;
  name: string;
  position: number;
  unit_price: number | null;
  point_value: number;
  in_stock: boolean;
  stock_quantity: number;
  can_reserve: boolean;
  reservation_type: string | null;
  sell_start_date: string | null;
  expected_restock_date: string | null;
}
export interface BenefitRow {
  id: number;
  product_id: number;
  title: string;
  available_max_num: number | null;
  distributed: boolean;
  claimed_count: number;
  expiry_date: string | null;
}
export interface PostponementRow {
  id: number;
  product_id: number;
  previous_date: string;
  previous_precision: ReleaseDatePrecision;
  new_date: string;
  new_precision: ReleaseDatePrecision;
  reason: string;
  announced_at: string;
}
export interface OrderRow {
  id: number;
  status: string;
  placed_at: string;
  subtotal: number;
  total: number;
}
export interface OrderItemRow {
  id: number;
  order_id: number;
  product_id: number;
  variation_id: number;
  quantity: number;
  unit_price: number;
  point_value: number;
  is_reservation: boolean;
}
export interface DailySalesRow {
  day: string;
  product_id: number;
  quantity: number;
  reservation_quantity: number;
}
export interface NewsRow {
  id: number;
  slug: string;
  title: string;
  category: string;
  body: string;
  published_at: string;
}
export interface ShowcaseRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  image: string;
  starts_at: string;
  ends_at: string | null;
}
export interface ShowcaseProductRow {
  showcase_id: number;
  product_id: number;
  position: number;
}
export interface GalleryRow {
  id: number;
  slug: string;
  title: string;
  body: string;
  image: string;
  author_id: number | null;
  product_id: number | null;
  published_at: string;
}

/** Everything generated for a batch of consecutive products. */
export interface ProductBatch {
  products: ProductRow[];
  variations: VariationRow[];
  benefits: BenefitRow[];
  postponements: PostponementRow[];
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  dailySales: DailySalesRow[];
}

export interface CatalogOptions {
  products: number;
  /** The moment the catalog is generated for: release dates and orders are placed around it. */
  now: Date;
  seed?: number;
}

export const DEFAULT_SEED = 20_261_122;

/** Product slugs look like the original shop's 12-digit item codes. */
export function productSlug(id: number): string {
  return `04${String(id).padStart(10, '0')}`;
}

export function coverImagePath(slug: string): string {
  return `/covers/${slug}_240.png`;
}

const HISTORY_DAYS = 730;

interface Kind {
  categories: Category[];
  genre: Genre;
  weight: number;
  /** Belongs to a series and carries volume numbers. */
  serial: boolean;
  doujin?: boolean;
  price: [number, number];
}

const KINDS: Kind[] = [
  { categories: ['コミック'], genre: 'comic_boys', weight: 22, serial: true, price: [528, 990] },
  { categories: ['コミック'], genre: 'comic_girls', weight: 14, serial: true, price: [528, 990] },
  { categories: ['コミック'], genre: 'comic', weight: 6, serial: true, price: [660, 1320] },
  {
    categories: ['コミック'],
    genre: 'comic_boys',
    weight: 9,
    serial: false,
    doujin: true,
    price: [500, 3000],
  },
  {
    categories: ['コミック'],
    genre: 'comic_girls',
    weight: 5,
    serial: false,
    doujin: true,
    price: [500, 2500],
  },
  { categories: ['雑誌'], genre: 'magazine', weight: 9, serial: false, price: [480, 1200] },
  { categories: ['文庫'], genre: 'novel', weight: 8, serial: true, price: [660, 1100] },
  { categories: ['ノベル'], genre: 'novel', weight: 7, serial: true, price: [1100, 1650] },
  { categories: ['書籍'], genre: 'books', weight: 5, serial: false, price: [1200, 3300] },
  { categories: ['画集'], genre: 'books', weight: 3, serial: false, price: [2750, 5500] },
  { categories: ['攻略本'], genre: 'games', weight: 2, serial: false, price: [1650, 2970] },
  { categories: ['TRPG'], genre: 'trpg', weight: 2, serial: false, price: [2200, 6600] },
  { categories: ['BL', 'コミック'], genre: 'bl', weight: 4, serial: true, price: [715, 1100] },
  { categories: ['CD'], genre: 'books', weight: 2, serial: false, price: [1650, 3300] },
  { categories: ['読本'], genre: 'books', weight: 1, serial: false, price: [1980, 3080] },
  { categories: ['解説本'], genre: 'books', weight: 1, serial: false, price: [1650, 2640] },
];
const KIND_TOTAL = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

function pickKind(random: Random): Kind {
  let roll = random.next() * KIND_TOTAL;
  for (const kind of KINDS) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return KINDS[0] as Kind;
}

const FULL_WIDTH_DIGITS = '０１２３４５６７８９';
function fullWidth(n: number): string {
  return String(n).replace(/\d/g, (d) => FULL_WIDTH_DIGITS[Number(d)] as string);
}

function fillPattern(pattern: string, random: Random): string {
  return pattern
    .replace(/\{A\}/g, () => random.pick(KANJI_WORDS))
    .replace(/\{k\}/g, () => random.pick(KANA_WORDS))
    .replace(/\{K\}/g, () => random.pick(KATAKANA_WORDS))
    .replace(/\{h\}/g, () => random.pick(HALF_WIDTH_KATAKANA_WORDS))
    .replace(/\{L\}/g, () => random.pick(LATIN_WORDS))
    .replace(/\{F\}/g, () => random.pick(FULL_WIDTH_LATIN_WORDS));
}

const SERIES_PATTERNS = [
  '{A}の{A}',
  '{A}の{A}',
  '{k}・ざ・{K}!',
  '{K}{A}',
  '{A}{A}物語',
  '{L} {K}',
  '{F}{A}',
  '{h}{A}',
  '{A}な{k}{A}',
  '〜{A}と{A}〜',
  '{A}{K}',
  '{k}{A}',
  '{K}・{K}',
  '{L}×{A}',
  '{A}は{K}がお好き',
];

function seriesTitle(seed: number, id: number): string {
  return fillPattern(
    createRandom(mixSeed(seed, 2_000_000_000 + id)).pick(SERIES_PATTERNS),
    createRandom(mixSeed(seed, 2_100_000_000 + id)),
  );
}

function personName(random: Random): [string, string] {
  const [family, familyKana] = random.pick(FAMILY_NAMES);
  const [given, givenKana] = random.pick(GIVEN_NAMES);
  return [`${family}${given}`, `${familyKana}${givenKana}`];
}

function isbn13(random: Random): string {
  const digits = `9784${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
  return `${digits}${ean13CheckDigit(digits)}`;
}

/** Counts of the catalog's side tables for a given number of products. */
export function catalogShape(products: number) {
  return {
    authors: Math.max(30, Math.ceil(products / 15)),
    circles: Math.max(20, Math.ceil(products / 30)),
    series: Math.max(40, Math.ceil(products / 6)),
  };
}

export function generateAuthors(options: CatalogOptions): AuthorRow[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const shape = catalogShape(options.products);
  const rows: AuthorRow[] = [];
  for (let id = 1; id <= shape.authors + shape.circles; id += 1) {
    const random = createRandom(mixSeed(seed, 1_000_000_000 + id));
    if (id <= shape.authors) {
      const [name, kana] = personName(random);
      rows.push({ id, slug: `a${id}`, name, name_kana: kana, kind: 'author' });
    } else {
      const name = fillPattern(random.pick(CIRCLE_PATTERNS), random);
      rows.push({ id, slug: `c${id}`, name, name_kana: readingOf(name), kind: 'circle' });
    }
  }
  return rows;
}

export function generateSeries(options: CatalogOptions): SeriesRow[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const rows: SeriesRow[] = [];
  for (let id = 1; id <= catalogShape(options.products).series; id += 1) {
    const title = seriesTitle(seed, id);
    rows.push({ id, slug: `ip${id}`, title, title_kana: readingOf(title) });
  }
  return rows;
}

/** Sequences shared across batches, so every row id is the same whatever the batch size. */
export interface IdCounters {
  variation: number;
  benefit: number;
  postponement: number;
  order: number;
  orderItem: number;
}

export function newCounters(): IdCounters {
  return { variation: 0, benefit: 0, postponement: 0, order: 0, orderItem: 0 };
}

interface Names {
  authors: Map<number, string>;
  series: Map<number, string>;
  /** Readings of the authors, circles and series, by id. */
  authorReadings: Map<number, string>;
  seriesReadings: Map<number, string>;
}

/** Looks up author, circle and series names the products refer to (for their search text). */
export function namesOf(authors: AuthorRow[], series: SeriesRow[]): Names {
  return {
    authors: new Map(authors.map((a) => [a.id, a.name])),
    series: new Map(series.map((s) => [s.id, s.title])),
    authorReadings: new Map(authors.map((a) => [a.id, a.name_kana])),
    seriesReadings: new Map(series.map((s) => [s.id, s.title_kana])),
  };
}

function volumeTitle(series: string, volume: number, random: Random): string {
  switch (random.int(0, 5)) {
    case 0:
      return `${series} ${volume}`;
    case 1:
      return `${series}（${volume}）`;
    case 2:
      return `${series} 第${volume}巻`;
    case 3:
      return `${series} ${fullWidth(volume)}巻`;
    case 4:
      return `${series} Vol.${volume}`;
    default:
      return `${series} ${volume}巻`;
  }
}

function standaloneTitle(kind: Kind, series: string, release: string, random: Random): string {
  const [year, month] = release.split('-').map(Number) as [number, number];
  switch (kind.categories[0]) {
    case '雑誌':
      return `${fillPattern(random.pick(['月刊{K}', '週刊{K}{L}', 'コミック{K}', '{L}マガジン']), random)} ${year}年${month}月号`;
    case '画集':
      return `${series} ${random.pick(['画集', 'イラスト集', 'アートワークス', 'ビジュアルブック'])}`;
    case '攻略本':
      return `${fillPattern('{K}{L}', random)} ${random.pick(['公式攻略ガイド', 'パーフェクトガイド', '完全攻略本'])}`;
    case 'TRPG':
      return `${fillPattern(random.pick(['{K}クエストRPG', '{A}TRPG', 'TRPG {K}']), random)} ${random.pick(['基本ルールブック', 'サプリメント', 'シナリオ集'])}`;
    case 'CD':
      return `${series} ${random.pick(['ドラマCD', 'オリジナルサウンドトラック', 'キャラクターソング'])}`;
    case '読本':
      return `${series} 公式読本`;
    case '解説本':
      return `${series} ${random.pick(['設定資料集', '完全解説', 'ファンブック'])}`;
    default:
      return `${fillPattern(random.pick(['{A}の{K}', '{k}な{A}', '{L}の{A}', '{A}{A}入門']), random)}`;
  }
}

function doujinTitle(series: string, random: Random): string {
  const body = random.chance(0.3)
    ? fillPattern(random.pick(['東方{K}', '東方{A}録', '東方{k}合同誌']), random)
    : `${series} ${random.pick(['総集編', 'アンソロジー', '合同誌', '本'])}`;
  return random.chance(0.3) ? `${body} ${random.int(1, 9)}` : body;
}

/** Mixed into the seed for the stock model's own random stream. */
const STOCK_STREAM = 0x570c;
/** Share of future releases whose stock arrives after the release day (入荷待ち). */
const RESTOCK_AFTER_RELEASE_SHARE = 0.25;

interface Release {
  date: string;
  precision: ReleaseDatePrecision;
}

function releaseOf(random: Random, today: string): Release {
  const roll = random.next();
  if (roll < 0.015) return { date: today, precision: 'day' };
  if (roll < 0.05) return { date: addDays(today, -random.int(1, 7)), precision: 'day' };
  if (roll < 0.7) return { date: addDays(today, -random.int(8, 1100)), precision: 'day' };
  if (roll < 0.76) return { date: addDays(today, random.int(1, 7)), precision: 'day' };
  const date = addDays(today, random.int(8, 180));
  if (daysBetween(today, date) < 30 || random.chance(0.6)) return { date, precision: 'day' };
  const month = date.slice(0, 8);
  if (random.chance(0.8)) {
    return { date: `${month}${random.pick(['01', '11', '21'])}`, precision: 'month_part' };
  }
  return { date: `${month}01`, precision: 'month' };
}

interface ProductContext {
  seed: number;
  today: string;
  shape: ReturnType<typeof catalogShape>;
  names: Names;
  counters: IdCounters;
}

/** Generates products `from` to `to` (inclusive) with their variations, benefits and history. */
export function generateProductBatch(
  options: CatalogOptions,
  names: Names,
  counters: IdCounters,
  from: number,
  to: number,
): ProductBatch {
  const context: ProductContext = {
    seed: options.seed ?? DEFAULT_SEED,
    today: jstToday(options.now),
    shape: catalogShape(options.products),
    names,
    counters,
  };
  const batch: ProductBatch = {
    products: [],
    variations: [],
    benefits: [],
    postponements: [],
    orders: [],
    orderItems: [],
    dailySales: [],
  };
  for (let id = from; id <= to; id += 1) generateProduct(id, context, batch);
  return batch;
}

function generateProduct(id: number, context: ProductContext, batch: ProductBatch): void {
  const { today, shape, names, counters } = context;
  const random = createRandom(mixSeed(context.seed, id));
  const kind = pickKind(random);
  let release = releaseOf(random, today);
  const slug = productSlug(id);

  const seriesId = 1 + random.skewed(shape.series, 1.6);
  const seriesName = names.series.get(seriesId) ?? '';
  let title: string;
  if (kind.doujin) title = doujinTitle(seriesName, random);
  else if (kind.serial) title = volumeTitle(seriesName, random.int(1, 30), random);
  else title = standaloneTitle(kind, seriesName, release.date, random);
  if (!kind.doujin && random.chance(0.05)) title += random.pick([' 限定版', ' 特装版', ' 特装版 ']);
  title = title.trim();

  const authorId = kind.doujin ? null : 1 + (mixSeed(context.seed, seriesId) % shape.authors);
  const circleId = kind.doujin ? shape.authors + 1 + random.skewed(shape.circles, 1.3) : null;
  const publisher = kind.doujin ? '' : random.pick(PUBLISHERS);
  const isbn = kind.doujin || kind.categories[0] === '雑誌' ? null : isbn13(random);
  const categories: Category[] = random.chance(0.03)
    ? [...kind.categories, '中古']
    : kind.categories;
  const isAdult = kind.doujin ? random.chance(0.35) : random.chance(0.02);

  // The stock model draws from its own stream, so the titles above (which other tests and the
  // search benchmarks search for) stay what they were before the model was corrected.
  const stock = createRandom(mixSeed(context.seed ^ STOCK_STREAM, id));
  // A used copy is a copy someone bought: its title was released long ago.
  if (categories.includes('中古') && release.date > today) {
    release = { date: addDays(today, -stock.int(30, 1500)), precision: 'day' };
  }
  const future = release.date > today;
  const backorder = !future && random.chance(0.06);
  const reservationType = future ? 'UNRELEASED' : backorder ? 'BACKORDER' : null;
  // The dates stockLabel reads (docs/spec.md §4): a variation's sell_start_date is set only while
  // its sale is ahead (a reservation until the release day); once released, the release day
  // stays on the product (release lists, rankings, checkout) and the variation reads 在庫あり.
  // An expected restock after a future release is stock the shop receives after the release
  // day (入荷待ち); a back-ordered title's restock date, when the distributor gave one, keeps it
  // open for reservation (予約受付中).
  const expectedRestock = backorder
    ? random.chance(0.5)
      ? addDays(today, random.int(3, 45))
      : null
    : future && stock.chance(RESTOCK_AFTER_RELEASE_SHARE)
      ? addDays(release.date, stock.int(7, 30))
      : null;
  const variationSaleStart = future ? release.date : null;
  const disabledBefore =
    future && random.chance(0.03) ? jstInstant(addDays(today, random.int(1, 10)), 12) : null;
  const hasBonus = random.chance(0.06);
  const bonusContent = hasBonus ? random.pick(BONUS_CONTENTS) : null;

  const createdDay = future
    ? addDays(today, -random.int(0, 60))
    : addDays(release.date, -random.int(14, 90));
  const createdAt = jstInstant(createdDay, random.int(9, 20), random.int(0, 59));
  const updatedDay = random.chance(0.1)
    ? addDays(today, -random.int(0, 3))
    : addDays(createdDay, random.int(0, 10));
  const updatedAt = jstInstant(laterDay(createdDay, earlierDay(updatedDay, today)), 21);

  // Variations: 通常版 and sometimes 限定版 / 特装版 at a higher price.
  const basePrice = Math.round(random.int(kind.price[0], kind.price[1]) / 11) * 11;
  const undecided = future && daysBetween(today, release.date) > 30 && random.chance(0.15);
  const editions = random.chance(0.25) ? (random.chance(0.2) ? 3 : 2) : 1;
  const variationRows: VariationRow[] = [];
  for (let position = 0; position < editions; position += 1) {
    const name = ['通常版', random.pick(['限定版', '特装版']), '特装版 (アクリルスタンド付き)'][
      position
    ] as string;
    const price = undecided ? null : basePrice + position * random.int(8, 30) * 110;
    const soldOut = random.chance(future ? 0.05 : backorder ? 0.3 : 0.12);
    const row: VariationRow = {
      id: ++counters.variation,
      product_id: id,
      name,
      position,
      unit_price: price,
      point_value: price === null ? 0 : Math.floor(price / 100) * (random.chance(0.1) ? 5 : 1),
      in_stock: !soldOut,
      stock_quantity: soldOut ? 0 : random.int(3, 300),
      can_reserve: future || backorder,
      reservation_type: reservationType,
      sell_start_date: variationSaleStart,
      expected_restock_date: expectedRestock,
    };
    variationRows.push(row);
    batch.variations.push(row);
  }

  if (random.chance(0.25)) {
    const count = random.chance(0.2) ? 2 : 1;
    for (let i = 0; i < count; i += 1) {
      const expiry = random.next();
      batch.benefits.push({
        id: ++counters.benefit,
        product_id: id,
        title: random.pick(BENEFIT_TITLES),
        available_max_num: random.chance(0.03) ? null : random.pick([50, 100, 200, 300, 500]),
        distributed: random.chance(0.92),
        claimed_count: 0,
        expiry_date:
          expiry < 0.4
            ? null
            : expiry < 0.8
              ? addDays(laterDay(release.date, today), random.int(14, 90))
              : addDays(today, -random.int(1, 120)),
      });
    }
  }

  if (future && random.chance(0.06)) {
    let current = release;
    const history: PostponementRow[] = [];
    for (let i = random.chance(0.25) ? 2 : 1; i > 0; i -= 1) {
      const previous: Release = {
        date: addDays(current.date, -random.int(7, 60)),
        precision: random.chance(0.7) ? 'day' : 'month_part',
      };
      if (previous.precision === 'month_part') {
        previous.date = `${previous.date.slice(0, 8)}${random.pick(['01', '11', '21'])}`;
      }
      history.push({
        id: 0,
        product_id: id,
        previous_date: previous.date,
        previous_precision: previous.precision,
        new_date: current.date,
        new_precision: current.precision,
        reason: random.pick(POSTPONEMENT_REASONS),
        announced_at: jstInstant(addDays(today, -random.int(1, 40) - i * 20), 18),
      });
      current = previous;
    }
    for (const row of history.reverse())
      batch.postponements.push({ ...row, id: ++counters.postponement });
  }

  const orderCount = generateOrders(id, release, today, variationRows, random, counters, batch);

  const authorName = authorId ? (names.authors.get(authorId) ?? '') : '';
  const circleName = circleId ? (names.authors.get(circleId) ?? '') : '';
  const titleKana = readingOf(title);
  const inSeries = !(kind.doujin && !title.includes(seriesName));
  batch.products.push({
    id,
    slug,
    title,
    title_kana: titleKana,
    description: `${title}。${random.pick(KANJI_WORDS)}と${random.pick(KANJI_WORDS)}をめぐる物語、${future ? '待望の新刊' : '好評発売中'}！`,
    categories,
    genre: kind.genre,
    series_id: inSeries ? seriesId : null,
    author_id: authorId,
    circle_id: circleId,
    publisher,
    isbn,
    is_adult: isAdult,
    reservation_type: reservationType,
    sell_start_date: release.date,
    release_date_precision: release.precision,
    expected_restock_date: expectedRestock,
    disabled_before: disabledBefore,
    has_bonus: hasBonus,
    bonus_content: bonusContent,
    cover_image: coverImagePath(slug),
    order_count: orderCount,
    search_title: normalizeForSearch(title),
    search_text: searchableText({
      texts: [title, seriesName, authorName, circleName, publisher, isbn, bonusContent],
      readings: [
        titleKana,
        inSeries ? names.seriesReadings.get(seriesId) : null,
        authorId ? names.authorReadings.get(authorId) : null,
        circleId ? names.authorReadings.get(circleId) : null,
      ],
    }),
    created_at: createdAt,
    updated_at: updatedAt,
  });
}

/**
 * Historical orders of one product: a heavy-tailed number of sales, reservations before the
 * release and most sales in the weeks after it, so every ranking window has a clear top.
 */
function generateOrders(
  productId: number,
  release: Release,
  today: string,
  variations: VariationRow[],
  random: Random,
  counters: IdCounters,
  batch: ProductBatch,
): number {
  const priced = variations.filter((v) => v.unit_price !== null);
  if (priced.length === 0) return 0;
  const sales = Math.floor(2 * (1 - random.next()) ** -0.9) - 1;
  const daily = new Map<string, DailySalesRow>();
  let units = 0;
  for (let i = 0; i < sales; i += 1) {
    const beforeRelease = random.chance(release.date > today ? 1 : 0.3);
    const offset = beforeRelease
      ? -random.int(0, 60)
      : Math.floor(-Math.log(1 - random.next()) * 20);
    let day = addDays(release.date, offset);
    if (day > today) day = addDays(today, -random.int(0, 30));
    if (daysBetween(day, today) > HISTORY_DAYS) continue;
    const variation = random.pick(priced);
    const quantity = random.chance(0.1) ? 2 : 1;
    const subtotal = (variation.unit_price as number) * quantity;
    const orderId = ++counters.order;
    batch.orders.push({
      id: orderId,
      status: release.date > today ? 'reserved' : 'shipped',
      placed_at: jstInstant(day, random.int(0, 23), random.int(0, 59)),
      subtotal,
      total: subtotal,
    });
    const isReservation = day < release.date;
    batch.orderItems.push({
      id: ++counters.orderItem,
      order_id: orderId,
      product_id: productId,
      variation_id: variation.id,
      quantity,
      unit_price: variation.unit_price as number,
      point_value: variation.point_value,
      is_reservation: isReservation,
    });
    const row = daily.get(day) ?? {
      day,
      product_id: productId,
      quantity: 0,
      reservation_quantity: 0,
    };
    row.quantity += quantity;
    if (isReservation) row.reservation_quantity += quantity;
    daily.set(day, row);
    units += quantity;
  }
  batch.dailySales.push(...daily.values());
  return units;
}

export function generateNews(options: CatalogOptions): NewsRow[] {
  const random = createRandom(mixSeed(options.seed ?? DEFAULT_SEED, 3_000_000_000));
  const today = jstToday(options.now);
  const rows: NewsRow[] = [];
  for (let id = 1; id <= 30; id += 1) {
    const title = random.pick(NEWS_TITLES);
    // The last entry is scheduled for tomorrow: it must not show before then.
    const day = id === 30 ? addDays(today, 1) : addDays(today, -(30 - id) * 3 - random.int(0, 2));
    rows.push({
      id,
      slug: `n${String(id).padStart(4, '0')}`,
      title,
      category: random.pick(NEWS_CATEGORIES),
      body: `${title}。いつも当店をご利用いただき、誠にありがとうございます。詳しくは本文をご確認ください。`,
      published_at: jstInstant(day, 10),
    });
  }
  return rows;
}

export function generateShowcases(options: CatalogOptions): {
  showcases: ShowcaseRow[];
  items: ShowcaseProductRow[];
} {
  const random = createRandom(mixSeed(options.seed ?? DEFAULT_SEED, 3_100_000_000));
  const today = jstToday(options.now);
  const showcases: ShowcaseRow[] = [];
  const items: ShowcaseProductRow[] = [];
  SHOWCASE_TITLES.forEach((title, index) => {
    const id = index + 1;
    // The last showcase has ended: it stays reachable by slug but leaves the lists.
    const ended = id === SHOWCASE_TITLES.length;
    showcases.push({
      id,
      slug: `sc${id}`,
      title,
      description: `${title}。スタッフおすすめの作品を集めました。`,
      image: `/covers/showcase-${id}.png`,
      starts_at: jstInstant(addDays(today, -random.int(5, 60)), 0),
      ends_at: ended ? jstInstant(addDays(today, -1), 0) : jstInstant(addDays(today, 30), 0),
    });
    const chosen = new Set<number>();
    while (chosen.size < Math.min(12, options.products)) {
      chosen.add(1 + random.int(0, options.products - 1));
    }
    [...chosen].forEach((productId, position) => {
      items.push({ showcase_id: id, product_id: productId, position });
    });
  });
  return { showcases, items };
}

export function generateGallery(options: CatalogOptions): GalleryRow[] {
  const random = createRandom(mixSeed(options.seed ?? DEFAULT_SEED, 3_200_000_000));
  const today = jstToday(options.now);
  const shape = catalogShape(options.products);
  const rows: GalleryRow[] = [];
  for (let id = 1; id <= 24; id += 1) {
    const authorId = 1 + random.int(0, shape.authors - 1);
    rows.push({
      id,
      slug: `g${id}`,
      title: `サイン本 入荷のお知らせ（${id}）`,
      body: '先生に直筆サインをいただきました。数量限定のため、お早めにお求めください。',
      image: `/covers/gallery-${id}.png`,
      author_id: authorId,
      product_id: 1 + random.int(0, options.products - 1),
      published_at: jstInstant(addDays(today, -id * 4), 12),
    });
  }
  return rows;
}
