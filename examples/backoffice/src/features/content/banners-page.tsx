import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { FormError, SelectField } from '../../components/form-field';
import { Loaded } from '../../components/loaded';
import { PageHeader } from '../../components/page';
import { useToast } from '../../components/toast';
import { useForm } from '../../components/use-form';
import { api } from '../../lib/api';
import { useCan } from '../../lib/session';
import { useQuery } from '../../lib/use-query';
import { type ContentItem, type ContentState, ContentStateBadge } from './content-kinds';

/** A banner as GET/PUT banners/ answer it: a showcase and its place. */
interface Banner {
  position: number;
  showcaseId: number;
  slug: string;
  title: string;
  image: string;
  startsAt: string | null;
  endsAt: string | null;
  state: ContentState;
}

/** The banners as edited: the showcases in their order (a saved banner or a chosen showcase). */
interface Placed {
  showcaseId: number;
  title: string;
  state: ContentState;
}

const MAX_BANNERS = 20;

/** Loads the banners and the showcases one may place (the newest 100). */
async function loadBanners() {
  const [banners, showcases] = await Promise.all([
    api.get<{ items: Banner[] }>('banners/'),
    api.get<{ items: ContentItem[] }>('showcases/', { limit: 100 }),
  ]);
  return { banners: banners.items, showcases: showcases.items };
}

function BannerEditor({ banners, showcases }: { banners: Banner[]; showcases: ContentItem[] }) {
  const toast = useToast();
  const canWrite = useCan('write');
  const [placed, setPlaced] = useState<Placed[]>(() =>
    banners.map((b) => ({ showcaseId: b.showcaseId, title: b.title, state: b.state })),
  );
  // The showcase chosen to add; the form's busy state and failure are the save's.
  const form = useForm({ choice: '' });
  const { choice } = form.values;
  const free = showcases.filter((s) => !placed.some((p) => p.showcaseId === s.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...placed];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setPlaced(next);
  };
  const add = () => {
    const showcase = showcases.find((s) => String(s.id) === choice);
    if (!showcase) return;
    setPlaced([
      ...placed,
      { showcaseId: showcase.id, title: showcase.title, state: showcase.state },
    ]);
    form.setValues({ choice: '' });
  };
  const save = () =>
    form.run(async () => {
      const saved = await api.put<{ items: Banner[] }>('banners/', {
        showcaseIds: placed.map((p) => p.showcaseId),
      });
      setPlaced(
        saved.items.map((b) => ({ showcaseId: b.showcaseId, title: b.title, state: b.state })),
      );
      toast({ title: 'バナーの並びを保存しました', tone: 'success' });
    });
  return (
    <>
      <DataTable<Placed>
        caption="バナー（上から順にトップページに表示）"
        rows={placed}
        rowKey={(p) => String(p.showcaseId)}
        empty="バナーに置いた特集はありません（掲載中の特集が新しい順に表示されます）。"
        columns={[
          { header: '順', cell: (p) => placed.indexOf(p) + 1, numeric: true },
          { header: '特集', cell: (p) => p.title },
          { header: '状態', cell: (p) => <ContentStateBadge state={p.state} /> },
          ...(canWrite
            ? [
                {
                  header: '操作',
                  cell: (p: Placed) => {
                    const index = placed.indexOf(p);
                    return (
                      <div className="row-actions">
                        <button
                          type="button"
                          aria-label={`「${p.title}」を上へ`}
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          aria-label={`「${p.title}」を下へ`}
                          disabled={index === placed.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          aria-label={`「${p.title}」をバナーから外す`}
                          onClick={() => setPlaced(placed.filter((q) => q !== p))}
                        >
                          外す
                        </button>
                      </div>
                    );
                  },
                },
              ]
            : []),
        ]}
      />
      {canWrite ? (
        <>
          <div className="filters">
            <SelectField
              label="バナーに置く特集"
              options={[
                { value: '', label: '選んでください' },
                ...free.map((s) => ({ value: String(s.id), label: s.title })),
              ]}
              {...form.field('choice')}
            />
            <div className="field">
              <button
                type="button"
                onClick={add}
                disabled={!choice || placed.length >= MAX_BANNERS}
              >
                追加
              </button>
            </div>
          </div>
          <FormError message={form.failure} />
          <div className="form-actions">
            <button
              type="button"
              className="button-primary"
              onClick={() => void save()}
              disabled={form.busy}
            >
              並びを保存
            </button>
          </div>
        </>
      ) : null}
    </>
  );
}

/**
 * バナー: the top page's banners are its first showcases; staff place showcases on them, in
 * order (PUT banners/ places exactly those). A placed showcase shows only in its own window.
 */
export function BannersPage() {
  const data = useQuery('banners', loadBanners);
  return (
    <>
      <PageHeader title="バナー" />
      <p>
        トップページのバナーには、ここで並べた特集が上から3件まで表示されます（掲載期間中のものだけ）。
      </p>
      <Loaded query={data}>
        {(loaded) => <BannerEditor banners={loaded.banners} showcases={loaded.showcases} />}
      </Loaded>
    </>
  );
}
