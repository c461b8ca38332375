import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DataTable } from '../../components/data-table';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { FormError, TextAreaField, TextField } from '../../components/form-field';
import { Loaded } from '../../components/loaded';
import { PageHeader } from '../../components/page';
import { KeysetPager } from '../../components/pager';
import { useToast } from '../../components/toast';
import { useAction } from '../../components/use-action';
import { useForm } from '../../components/use-form';
import { api } from '../../lib/api';
import { useCan } from '../../lib/session';
import { useQuery } from '../../lib/use-query';
import {
  bodyOf,
  type ContentItem,
  type ContentKind,
  ContentStateBadge,
  changes,
  type Draft,
  draftOf,
  GALLERY,
  NEWS,
  SHOWCASES,
} from './content-kinds';

interface ContentList {
  items: ContentItem[];
  nextCursor: string | null;
}

/** The create or edit form of one item, in a dialog. */
function ContentForm({
  kind,
  item,
  onClose,
}: {
  kind: ContentKind;
  item: ContentItem | null;
  onClose: (saved: ContentItem | null) => void;
}) {
  const form = useForm<Draft>(draftOf(kind, item));

  const submit = form.onSubmit(
    (draft) => {
      const checked = bodyOf(kind, draft);
      return checked.ok ? {} : checked.errors;
    },
    async (draft) => {
      const checked = bodyOf(kind, draft);
      if (!checked.ok) return; // the check above has passed: narrows `checked`
      const body = item ? changes(item, checked.body) : checked.body;
      if (Object.keys(body).length === 0) return '変更はありません。';
      onClose(
        item
          ? await api.patch<ContentItem>(`${kind.path}/${item.id}/`, body)
          : await api.post<ContentItem>(`${kind.path}/`, body),
      );
    },
    '入力内容を確認してください。',
  );

  return (
    <Dialog
      title={item ? `${kind.title}の編集` : `${kind.title}の作成`}
      onClose={() => onClose(null)}
      wide
    >
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          {kind.fields.map((field) => {
            const common = {
              label: field.label,
              required: field.required,
              hint: field.hint,
              ...form.field(field.name),
              value: form.values[field.name] ?? '',
            };
            return field.type === 'longText' ? (
              <div className="field-wide" key={field.name}>
                <TextAreaField {...common} rows={8} />
              </div>
            ) : (
              <TextField
                key={field.name}
                {...common}
                type={field.type === 'instant' ? 'datetime-local' : 'text'}
                inputMode={field.type === 'id' ? 'numeric' : undefined}
              />
            );
          })}
        </div>
        <FormError message={form.failure} />
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            キャンセル
          </button>
          <button type="submit" className="button-primary" disabled={form.busy}>
            {item ? '保存する' : '作成する'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type Opened =
  | { kind: 'form'; item: ContentItem | null }
  | { kind: 'unpublish'; item: ContentItem }
  | { kind: 'delete'; item: ContentItem }
  | null;

/**
 * A list of one kind of content, newest first (keyset pages, the cursor in the URL), with its
 * state at the shop's clock; 作成 / 編集 in a dialog, 非公開にする (back to a draft) and 削除 after
 * a confirmation, for staff who may write.
 */
export function ContentPage({ kind }: { kind: ContentKind }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const toast = useToast();
  const canWrite = useCan('write');
  const cursor = new URLSearchParams(search).get('cursor') ?? undefined;
  const list = useQuery(`${kind.path}-${cursor ?? ''}`, () =>
    api.get<ContentList>(`${kind.path}/`, { cursor }),
  );
  const [opened, setOpened] = useState<Opened>(null);
  const action = useAction();
  const base = `/content/${kind.path}`;

  const act = async (request: () => Promise<unknown>, done: string) => {
    if (await action.run(request, { done, failed: '処理できませんでした' })) list.reload();
    setOpened(null);
  };

  return (
    <>
      <PageHeader
        title={kind.title}
        actions={
          canWrite ? (
            <button
              type="button"
              className="button-primary"
              onClick={() => setOpened({ kind: 'form', item: null })}
            >
              新規作成
            </button>
          ) : null
        }
      />
      <Loaded query={list}>
        {(loaded) => (
          <>
            <DataTable<ContentItem>
              caption={`${kind.title}（新しい順）`}
              rows={loaded.items}
              rowKey={(item) => String(item.id)}
              empty={`${kind.title}はまだありません。`}
              columns={[
                { header: 'タイトル', cell: (item) => item.title },
                { header: 'スラッグ', cell: (item) => item.slug },
                ...kind.columns,
                { header: '状態', cell: (item) => <ContentStateBadge state={item.state} /> },
                ...(canWrite
                  ? [
                      {
                        header: '操作',
                        cell: (item: ContentItem) => (
                          <div className="row-actions">
                            <button
                              type="button"
                              aria-label={`「${item.title}」を編集`}
                              onClick={() => setOpened({ kind: 'form', item })}
                            >
                              編集
                            </button>
                            {item[kind.publication] !== null ? (
                              <button
                                type="button"
                                aria-label={`「${item.title}」を非公開にする`}
                                onClick={() => setOpened({ kind: 'unpublish', item })}
                              >
                                非公開にする
                              </button>
                            ) : null}
                            <button
                              type="button"
                              className="button-danger"
                              aria-label={`「${item.title}」を削除`}
                              onClick={() => setOpened({ kind: 'delete', item })}
                            >
                              削除
                            </button>
                          </div>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            <KeysetPager
              nextCursor={loaded.nextCursor}
              atFirst={!cursor}
              onFirst={() => navigate(base)}
              onNext={(next) => navigate(`${base}?cursor=${encodeURIComponent(next)}`)}
            />
          </>
        )}
      </Loaded>
      {opened?.kind === 'form' ? (
        <ContentForm
          kind={kind}
          item={opened.item}
          onClose={(saved) => {
            setOpened(null);
            if (saved) {
              toast({ title: `「${saved.title}」を保存しました`, tone: 'success' });
              list.reload();
            }
          }}
        />
      ) : null}
      {opened?.kind === 'unpublish' ? (
        <ConfirmDialog
          title="非公開にする"
          message={`「${opened.item.title}」を下書きに戻します。ストアからすぐに見えなくなります。`}
          confirmLabel="非公開にする"
          busy={action.busy}
          onCancel={() => setOpened(null)}
          onConfirm={() =>
            void act(
              () => api.patch(`${kind.path}/${opened.item.id}/`, { [kind.publication]: null }),
              `「${opened.item.title}」を非公開にしました`,
            )
          }
        />
      ) : null}
      {opened?.kind === 'delete' ? (
        <ConfirmDialog
          title="削除"
          message={`「${opened.item.title}」を削除します。元に戻せません。`}
          confirmLabel="削除する"
          danger
          busy={action.busy}
          onCancel={() => setOpened(null)}
          onConfirm={() =>
            void act(
              () => api.delete(`${kind.path}/${opened.item.id}/`),
              `「${opened.item.title}」を削除しました`,
            )
          }
        />
      ) : null}
    </>
  );
}

/** お知らせ. */
export function NewsPage() {
  return <ContentPage kind={NEWS} />;
}

/** 特集 (the first ones by banner position are the top page's banners). */
export function ShowcasesPage() {
  return <ContentPage kind={SHOWCASES} />;
}

/** サイン本ギャラリー. */
export function GalleryPage() {
  return <ContentPage kind={GALLERY} />;
}
