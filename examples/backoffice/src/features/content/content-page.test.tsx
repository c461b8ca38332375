import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, onePage, READ_ONLY } from '../../testing/fake-api';
import { expectTexts, field, fill, pressThenFind } from '../../testing/queries';
import { renderAt, renderList } from '../../testing/render';

const NEWS_ITEM = {
  id: 3,
  slug: 'year-end',
  title: '年末年始の営業について',
  category: 'お知らせ',
  body: '12月29日から1月3日まで発送をお休みします。',
  publishedAt: '2026-11-30T15:00:00.000Z',
  state: 'scheduled',
};

const SHOWCASE = {
  id: 8,
  slug: 'winter',
  title: '冬の特集',
  description: '冬に読みたい本',
  image: '/covers/winter.png',
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: null,
  bannerPosition: 1,
  productIds: [11, 12],
  state: 'running',
};

describe('ContentPage (news)', () => {
  it('lists with the state, refuses bad input in Japanese, then creates a scheduled news item', async () => {
    const { fake, table } = await renderList(
      '/content/news',
      {
        'GET /api/admin/news/': onePage([NEWS_ITEM]),
        'POST /api/admin/news/': (request) =>
          Response.json(
            { id: 4, state: 'scheduled', ...(request.body as object) },
            { status: 201 },
          ),
      },
      'お知らせ（新しい順）',
    );
    expect(within(table).getByText('公開予定')).toBeTruthy();
    expect(within(table).getByText('2026-12-01 00:00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '新規作成' }));
    const dialog = screen.getByRole('dialog', { name: 'お知らせの作成' });
    fireEvent.change(field('スラッグ（URL）', dialog), { target: { value: '年末' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '作成する' }));
    await expectTexts(
      [
        'スラッグは半角英数字で始まり、半角英数字・ハイフン・アンダースコアだけで入力してください。',
        'タイトルを入力してください。',
        '本文を入力してください。',
        '入力内容を確認してください。',
      ],
      dialog,
    );
    expect(fake.calls('POST /api/admin/news/')).toHaveLength(0);

    fill(
      {
        'スラッグ（URL）': 'new-year',
        タイトル: '新年のごあいさつ',
        カテゴリ: 'お知らせ',
        本文: '本年もよろしくお願いします。',
        '公開日時（日本時間）': '2027-01-01T09:00',
      },
      dialog,
    );
    await pressThenFind('作成する', '「新年のごあいさつ」を保存しました', dialog);
    expect(fake.calls('POST /api/admin/news/')[0]?.body).toEqual({
      slug: 'new-year',
      title: '新年のごあいさつ',
      category: 'お知らせ',
      body: '本年もよろしくお願いします。',
      publishedAt: '2027-01-01T09:00:00+09:00',
    });
  });

  it('edits only the changed field and shows the API’s slug_taken under the form', async () => {
    const { fake } = renderAt('/content/news', {
      'GET /api/admin/news/': onePage([NEWS_ITEM]),
      'PATCH /api/admin/news/3/': (request) =>
        (request.body as { slug?: string }).slug
          ? apiError(409, 'slug_taken', 'このスラッグはすでに使われています。')
          : { ...NEWS_ITEM, ...(request.body as object) },
    });
    await screen.findByRole('table', { name: 'お知らせ（新しい順）' });
    fireEvent.click(screen.getByRole('button', { name: '「年末年始の営業について」を編集' }));
    const dialog = screen.getByRole('dialog', { name: 'お知らせの編集' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await within(dialog).findByText('変更はありません。')).toBeTruthy();
    fireEvent.change(field('スラッグ（URL）', dialog), { target: { value: 'taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await within(dialog).findByText('このスラッグはすでに使われています。')).toBeTruthy();
    fill({ 'スラッグ（URL）': 'year-end', タイトル: '年末年始の発送について' }, dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存する' }));
    await screen.findByText('「年末年始の発送について」を保存しました');
    expect(fake.calls('PATCH /api/admin/news/3/').map((r) => r.body)).toEqual([
      { slug: 'taken' },
      { title: '年末年始の発送について' },
    ]);
  });

  it('unpublishes and deletes only after confirmation', async () => {
    const { fake } = renderAt('/content/news', {
      'GET /api/admin/news/': onePage([NEWS_ITEM]),
      'PATCH /api/admin/news/3/': () => ({ ...NEWS_ITEM, publishedAt: null, state: 'draft' }),
      'DELETE /api/admin/news/3/': () => new Response(null, { status: 204 }),
    });
    await screen.findByRole('table', { name: 'お知らせ（新しい順）' });
    fireEvent.click(
      screen.getByRole('button', { name: '「年末年始の営業について」を非公開にする' }),
    );
    fireEvent.click(
      within(screen.getByRole('dialog', { name: '非公開にする' })).getByRole('button', {
        name: '非公開にする',
      }),
    );
    await screen.findByText('「年末年始の営業について」を非公開にしました');
    expect(fake.calls('PATCH /api/admin/news/3/')[0]?.body).toEqual({ publishedAt: null });

    // The list loads again after the change: its buttons are back once it has.
    fireEvent.click(
      await screen.findByRole('button', { name: '「年末年始の営業について」を削除' }),
    );
    const confirm = screen.getByRole('dialog', { name: '削除' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
    expect(fake.calls('DELETE /api/admin/news/3/')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '「年末年始の営業について」を削除' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: '削除' })).getByRole('button', {
        name: '削除する',
      }),
    );
    await screen.findByText('「年末年始の営業について」を削除しました');
    expect(fake.calls('DELETE /api/admin/news/3/')).toHaveLength(1);
  });

  it('shows read-only staff the list without a way to change it', async () => {
    renderAt('/content/news', { 'GET /api/admin/news/': onePage([NEWS_ITEM]) }, READ_ONLY);
    await screen.findByRole('table', { name: 'お知らせ（新しい順）' });
    expect(screen.queryByRole('button', { name: '新規作成' })).toBeNull();
    expect(screen.queryByRole('button', { name: /を削除$/ })).toBeNull();
  });
});

describe('ContentPage (showcases)', () => {
  it('shows the banner position, refuses a window ending before it starts, sends product ids', async () => {
    const { fake } = renderAt('/content/showcases', {
      'GET /api/admin/showcases/': onePage([SHOWCASE]),
      'PATCH /api/admin/showcases/8/': (request) => ({ ...SHOWCASE, ...(request.body as object) }),
    });
    const table = await screen.findByRole('table', { name: '特集（新しい順）' });
    expect(within(table).getByText('1番目')).toBeTruthy();
    expect(within(table).getByText('掲載中')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '「冬の特集」を編集' }));
    const dialog = screen.getByRole('dialog', { name: '特集の編集' });
    expect((field('商品ID（並び順）', dialog) as HTMLInputElement).value).toBe('11, 12');
    fireEvent.change(field('掲載終了（日本時間）', dialog), {
      target: { value: '2026-12-01T08:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(
      await within(dialog).findByText('掲載終了は掲載開始より後の日時にしてください。'),
    ).toBeTruthy();
    fireEvent.change(field('掲載終了（日本時間）', dialog), { target: { value: '' } });
    fireEvent.change(field('商品ID（並び順）', dialog), { target: { value: '12、11 １３' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存する' }));
    await screen.findByText('「冬の特集」を保存しました');
    expect(fake.calls('PATCH /api/admin/showcases/8/')[0]?.body).toEqual({
      productIds: [12, 11, 13],
    });
  });
});
