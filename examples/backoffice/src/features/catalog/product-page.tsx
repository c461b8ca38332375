import {
  BROWSABLE_GENRES,
  CATEGORIES,
  formatReleaseDate,
  RELEASE_DATE_PRECISION_LABELS,
  RELEASE_DATE_PRECISIONS,
  RESERVATION_TYPE_LABELS,
  routePath,
} from '@shop/rules';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { CheckField } from '../../components/check-field';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/form-field';
import { LoadError, Loading, PageHeader } from '../../components/page';
import { useToast } from '../../components/toast';
import { type FieldMessages, type Form, type TextKey, useForm } from '../../components/use-form';
import { api, pathErrors } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { readFile } from '../../lib/read-file';
import { useCan } from '../../lib/session';
import { useQuery } from '../../lib/use-query';
import {
  type BenefitDraft,
  benefitDraftOf,
  changedFields,
  checkBenefits,
  checkNewProduct,
  checkParts,
  checkProduct,
  checkVariation,
  draftOf,
  EMPTY_PRODUCT,
  EMPTY_VARIATION,
  type ProductDraft,
  type VariationBody,
  type VariationDraft,
  variationDraftOf,
} from './product-form';
import { RepeatedRows } from './repeated-rows';
import type { AdminProduct, VariationWrite } from './types';

const GENRE_OPTIONS = BROWSABLE_GENRES.map((g) => ({ value: g.value, label: g.label }));
const PRECISION_OPTIONS = RELEASE_DATE_PRECISIONS.map((p) => ({
  value: p,
  label: RELEASE_DATE_PRECISION_LABELS[p],
}));
const RESERVATION_OPTIONS = [
  { value: '', label: '予約なし（通常販売）' },
  { value: 'UNRELEASED', label: `${RESERVATION_TYPE_LABELS.UNRELEASED}（発売前）` },
  { value: 'BACKORDER', label: RESERVATION_TYPE_LABELS.BACKORDER },
];

const FORM_INVALID = '入力内容を確認してください。';

/** The product's own fields: 基本情報, 発売・予約, and the rest. */
function ProductFieldset({ form }: { form: Form<ProductDraft> }) {
  const { values: draft, setValues: onChange, errors, field: bind } = form;
  const toggleCategory = (value: string) =>
    onChange({
      ...draft,
      categories: draft.categories.includes(value)
        ? draft.categories.filter((c) => c !== value)
        : [...draft.categories, value],
    });
  const preview =
    draft.releaseDate && /^\d{4}-\d{2}-\d{2}$/.test(draft.releaseDate)
      ? formatReleaseDate({ date: draft.releaseDate, precision: draft.releaseDatePrecision })
      : null;
  return (
    <>
      <section className="panel" aria-label="基本情報">
        <h2>基本情報</h2>
        <div className="form-grid">
          <div className="field-wide">
            <TextField label="商品名" required {...bind('title')} />
          </div>
          <TextField label="商品名ヨミ（カタカナ）" {...bind('titleKana')} />
          <TextField
            label="JAN/ISBN"
            inputMode="numeric"
            {...bind('isbn')}
            hint="13桁。ハイフン可"
          />
          <SelectField label="ジャンル" options={GENRE_OPTIONS} {...bind('genre')} />
          <TextField label="出版社" {...bind('publisher')} />
          <TextField label="シリーズ" {...bind('seriesTitle')} />
          <TextField label="シリーズヨミ" {...bind('seriesKana')} />
          <TextField label="著者" {...bind('authorName')} />
          <TextField label="著者ヨミ" {...bind('authorKana')} />
          <TextField label="サークル" {...bind('circleName')} />
          <TextField label="サークルヨミ" {...bind('circleKana')} />
        </div>
        <fieldset
          className={`checks${errors.categories ? ' field-invalid' : ''}`}
          aria-describedby={errors.categories ? 'categories-error' : undefined}
        >
          <legend>
            カテゴリ（1〜5個、最初に選んだものが主カテゴリ）
            <span className="field-required" aria-hidden="true">
              必須
            </span>
          </legend>
          {CATEGORIES.map((c) => (
            <label key={c.value}>
              <input
                type="checkbox"
                checked={draft.categories.includes(c.value)}
                onChange={() => toggleCategory(c.value)}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        {errors.categories ? (
          <p className="field-error" id="categories-error" role="alert">
            {errors.categories}
          </p>
        ) : null}
        <TextAreaField label="商品説明" rows={6} {...bind('description')} />
        <TextField label="付録" {...bind('bonusContent')} />
        <CheckField
          label="成人向け（18歳未満には表示しない）"
          checked={draft.isAdult}
          onChange={(isAdult) => onChange({ ...draft, isAdult })}
        />
      </section>
      <section className="panel" aria-label="発売・予約">
        <h2>発売・予約</h2>
        <div className="form-grid">
          <TextField
            label="発売日"
            type="date"
            {...bind('releaseDate')}
            hint={preview ? `表示：${preview}` : undefined}
          />
          <SelectField
            label="発売日の精度"
            options={PRECISION_OPTIONS}
            {...bind('releaseDatePrecision')}
          />
          <SelectField
            label="予約の種類"
            options={RESERVATION_OPTIONS}
            {...bind('reservationType')}
          />
          <TextField label="入荷予定日" type="date" {...bind('expectedRestockDate')} />
          <TextField
            label="販売開始日時（日本時間）"
            type="datetime-local"
            {...bind('saleStartsAt')}
            hint="空欄はすぐに販売"
          />
        </div>
      </section>
    </>
  );
}

/**
 * A row's text fields: each one's value and change under the draft's key, its message under the
 * API's name for it (`unitPrice` for the draft's `price`) after the row's `prefix`.
 */
function rowFields<D extends object>(
  row: D,
  set: (next: D) => void,
  errors: FieldMessages,
  prefix: string,
) {
  return (key: TextKey<D>, apiName: string = key) => ({
    value: row[key] as string,
    onChange: (event: { target: { value: string } }) => set({ ...row, [key]: event.target.value }),
    error: errors[`${prefix}${apiName}`],
  });
}

/** One variation's fields in a row: 版, 価格 (empty: 価格未定), ポイント, 在庫. */
function VariationFields({
  draft,
  onChange,
  errors,
  prefix,
  children,
}: {
  draft: VariationDraft;
  onChange: (next: VariationDraft) => void;
  errors: FieldMessages;
  prefix: string;
  children?: ReactNode;
}) {
  const bind = rowFields(draft, onChange, errors, prefix);
  return (
    <div className="filters">
      <TextField label="版" required {...bind('name')} size={14} />
      <TextField
        label="価格（円・税込）"
        inputMode="numeric"
        {...bind('price', 'unitPrice')}
        hint={draft.price.trim() === '' ? '空欄：価格未定' : undefined}
        size={10}
      />
      <TextField label="ポイント" inputMode="numeric" {...bind('points', 'pointValue')} size={6} />
      <TextField label="在庫" inputMode="numeric" {...bind('stock')} size={6} />
      {children}
    </div>
  );
}

/** 特典: title, 上限数 (empty: none), 配布中, 期限; saved with the product. */
function BenefitRows({
  benefits,
  onChange,
  errors,
}: {
  benefits: BenefitDraft[];
  onChange: (next: BenefitDraft[]) => void;
  errors: FieldMessages;
}) {
  return (
    <section className="panel" aria-label="特典">
      <h2>特典</h2>
      {benefits.length === 0 ? <p>特典はありません。</p> : null}
      <RepeatedRows<BenefitDraft>
        rows={benefits}
        onChange={onChange}
        max={10}
        blank={() => ({ title: '', limit: '', distributed: true, expiryDate: '', claimedCount: 0 })}
        addLabel="特典を追加"
        removable={(benefit) => benefit.id === undefined}
        keyOf={(benefit, index) => benefit.id ?? `new-${index}`}
      >
        {({ row: benefit, index, set, remove }) => {
          const bind = rowFields(benefit, set, errors, `benefits.${index}.`);
          return (
            <div className="filters">
              <TextField label={`特典${index + 1}`} required {...bind('title')} size={24} />
              <TextField
                label="上限数"
                inputMode="numeric"
                {...bind('limit', 'availableMaxNum')}
                hint={
                  benefit.id === undefined
                    ? '空欄：上限なし'
                    : `配布済み${benefit.claimedCount}個・空欄：上限なし`
                }
                size={6}
              />
              <TextField label="期限" type="date" {...bind('expiryDate')} />
              <CheckField
                label="配布中"
                checked={benefit.distributed}
                onChange={(distributed) => set({ ...benefit, distributed })}
              />
              {remove}
            </div>
          );
        }}
      </RepeatedRows>
    </section>
  );
}

/** 商品登録: the product, its variations (at least one) and benefits in one POST. */
export function NewProductPage() {
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useForm(EMPTY_PRODUCT, pathErrors);
  const [variations, setVariations] = useState<VariationDraft[]>([EMPTY_VARIATION]);
  const [benefits, setBenefits] = useState<BenefitDraft[]>([]);

  const submit = form.submitChecked(
    (draft) => checkNewProduct(draft, variations, benefits),
    async (body) => {
      const created = await api.post<AdminProduct>('products/', body);
      toast({ title: `「${created.title}」を登録しました`, tone: 'success' });
      navigate(`/catalog/products/${created.id}`);
    },
    FORM_INVALID,
  );

  return (
    <>
      <PageHeader title="商品登録" />
      <form onSubmit={submit} noValidate aria-label="商品登録">
        <ProductFieldset form={form} />
        <section className="panel" aria-label="版・価格・在庫">
          <h2>版・価格・在庫</h2>
          <RepeatedRows<VariationDraft>
            rows={variations}
            onChange={setVariations}
            max={20}
            blank={() => ({ ...EMPTY_VARIATION, name: '' })}
            addLabel="版を追加"
            removable={() => variations.length > 1}
            // Rows of a form not yet saved: their place is their only identity.
            keyOf={(_, index) => index}
          >
            {({ row, index, set, remove }) => (
              <VariationFields
                draft={row}
                prefix={`variations.${index}.`}
                errors={form.errors}
                onChange={set}
              >
                {remove}
              </VariationFields>
            )}
          </RepeatedRows>
        </section>
        <BenefitRows benefits={benefits} onChange={setBenefits} errors={form.errors} />
        <FormError message={form.failure} />
        <div className="form-actions">
          <Link href="/catalog/products">一覧へ戻る</Link>
          <button type="submit" className="button-primary" disabled={form.busy}>
            登録する
          </button>
        </div>
      </form>
    </>
  );
}

const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** 表紙: the current cover, a chosen file's preview, and the upload (PUT products/:id/cover/). */
function CoverUpload({
  product,
  onSaved,
}: {
  product: AdminProduct;
  onSaved: (next: AdminProduct) => void;
}) {
  const toast = useToast();
  const canWrite = useCan('write');
  const form = useForm<{ file: File | null; preview: string | null }>({
    file: null,
    preview: null,
  });
  const { file, preview } = form.values;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    form.setValues({ file: null, preview: null });
    return form.run(async () => {
      if (!chosen) return;
      if (!COVER_TYPES.includes(chosen.type)) {
        return '表紙画像はJPEG・PNG・WebPのファイルを選んでください。';
      }
      if (chosen.size > 10 * 1024 * 1024) return '表紙画像は10MB以下のファイルを選んでください。';
      form.setValues({ file: chosen, preview: await readFile(chosen, 'dataUrl') });
    });
  };
  const upload = () =>
    form.run(async () => {
      if (!file) return;
      onSaved(
        await api.upload<AdminProduct>('PUT', `products/${product.id}/cover/`, file, file.type),
      );
      form.setValues({ file: null, preview: null });
      toast({ title: '表紙を更新しました', tone: 'success' });
    });
  return (
    <section className="panel" aria-label="表紙">
      <h2>表紙</h2>
      {product.coverImage ? (
        <img className="cover-preview" src={product.coverImage} alt="現在の表紙" />
      ) : (
        <p>表紙はまだありません。</p>
      )}
      {canWrite ? (
        <>
          <div className="field">
            <label htmlFor="cover-file">表紙画像（JPEG・PNG・WebP、10MBまで）</label>
            <input
              id="cover-file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => void choose(event)}
            />
          </div>
          {preview ? (
            <img className="cover-preview" src={preview} alt="アップロードする表紙" />
          ) : null}
          <FormError message={form.failure} />
          <button type="button" onClick={() => void upload()} disabled={!file || form.busy}>
            表紙をアップロード
          </button>
        </>
      ) : null}
    </section>
  );
}

/** One saved variation with its own 保存 (PATCH variations/:id/ with the changed fields). */
function VariationEditor({
  productId,
  variation,
  onSaved,
}: {
  productId: number;
  variation: AdminProduct['variations'][number] | null;
  onSaved: (next: AdminProduct) => void;
}) {
  const toast = useToast();
  const canWrite = useCan('write');
  const blank = { ...EMPTY_VARIATION, name: '' };
  const form = useForm<VariationDraft>(variation ? variationDraftOf(variation) : blank, pathErrors);
  const save = form.submitChecked(
    (draft) => checkVariation(draft),
    async (checked) => {
      // A saved version sends only what changed.
      const body: Partial<VariationBody> = variation
        ? Object.fromEntries(
            Object.entries(checked).filter(
              ([key, value]) => value !== variation[key as keyof VariationBody],
            ),
          )
        : checked;
      if (Object.keys(body).length === 0) return '変更はありません。';
      const answer = variation
        ? await api.patch<VariationWrite>(`variations/${variation.id}/`, body)
        : await api.post<VariationWrite>(`products/${productId}/variations/`, body);
      onSaved(answer.product);
      if (!variation) form.setValues(blank);
      toast({
        title: variation ? `「${answer.variation.name}」を保存しました` : '版を追加しました',
        description:
          answer.restockNotices > 0
            ? `再入荷のお知らせを${answer.restockNotices}件送ります。`
            : undefined,
        tone: 'success',
      });
    },
  );
  return (
    <fieldset
      className="plain-fieldset"
      aria-label={variation ? `版「${variation.name}」` : '新しい版'}
    >
      <VariationFields draft={form.values} onChange={form.setValues} errors={form.errors} prefix="">
        {canWrite ? (
          <div className="field">
            <button type="button" onClick={() => void save()} disabled={form.busy}>
              {variation ? '保存' : '追加'}
            </button>
          </div>
        ) : null}
      </VariationFields>
      <FormError message={form.failure} />
    </fieldset>
  );
}

/** 商品編集: the product's fields and benefits (one PATCH of what changed), versions, cover. */
function EditProduct({ loaded }: { loaded: AdminProduct }) {
  const toast = useToast();
  const canWrite = useCan('write');
  const [product, setProduct] = useState(loaded);
  const form = useForm(draftOf(loaded), pathErrors);
  const [benefits, setBenefits] = useState<BenefitDraft[]>(() =>
    loaded.benefits.map(benefitDraftOf),
  );
  const [round, setRound] = useState(0);

  const replaced = (next: AdminProduct) => {
    setProduct(next);
    setRound((n) => n + 1);
  };

  const submit = form.submitChecked(
    (draft) => checkParts({ fields: checkProduct(draft), benefits: checkBenefits(benefits) }),
    async (checked) => {
      const body: Record<string, unknown> = changedFields(product, checked.fields);
      const before = JSON.stringify(product.benefits.map(benefitDraftOf));
      if (JSON.stringify(benefits) !== before) body.benefits = checked.benefits;
      if (Object.keys(body).length === 0) return '変更はありません。';
      const saved = await api.patch<AdminProduct>(`products/${product.id}/`, body);
      setProduct(saved);
      form.setValues(draftOf(saved));
      setBenefits(saved.benefits.map(benefitDraftOf));
      toast({ title: '商品を保存しました', tone: 'success' });
    },
    FORM_INVALID,
  );

  return (
    <>
      <PageHeader
        title={product.title}
        actions={
          <a href={routePath('product', { slug: product.slug })} target="_blank" rel="noreferrer">
            ストアで見る
          </a>
        }
      />
      <p>
        商品ID {product.id}・注文 {product.orderCount}件・更新 {jstDateTime(product.updatedAt)}
      </p>
      {product.orderCount > 0 ? (
        <p className="field-hint">
          注文のある商品の発売日は<Link href="/reservations">予約集計</Link>
          の「発売延期」で変更します（注文者にお知らせが届きます）。
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="商品の編集">
        <fieldset disabled={!canWrite} className="plain-fieldset">
          <ProductFieldset form={form} />
          <BenefitRows benefits={benefits} onChange={setBenefits} errors={form.errors} />
        </fieldset>
        <FormError message={form.failure} />
        {canWrite ? (
          <div className="form-actions">
            <button type="submit" className="button-primary" disabled={form.busy}>
              商品を保存
            </button>
          </div>
        ) : null}
      </form>
      <section className="panel" aria-label="版・価格・在庫">
        <h2>版・価格・在庫</h2>
        <p className="field-hint">
          予約のある価格未定の版の価格は<Link href="/reservations">予約集計</Link>
          の「価格決定」で決めます。
        </p>
        {product.variations.map((variation) => (
          <VariationEditor
            key={`${variation.id}-${round}`}
            productId={product.id}
            variation={variation}
            onSaved={replaced}
          />
        ))}
        {canWrite ? (
          <VariationEditor
            key={`new-${round}`}
            productId={product.id}
            variation={null}
            onSaved={replaced}
          />
        ) : null}
      </section>
      <CoverUpload product={product} onSaved={replaced} />
    </>
  );
}

/** /catalog/products/:id: the product loaded, then its form. */
export function ProductPage() {
  const { id } = useParams<{ id: string }>();
  const product = useQuery(`product-${id}`, () => api.get<AdminProduct>(`products/${id}/`));
  if (product.status === 'loading') return <Loading />;
  if (product.status === 'error')
    return <LoadError error={product.error} onRetry={product.reload} />;
  return <EditProduct key={product.data.id} loaded={product.data} />;
}
