import type { ListPage } from '@shop/api/types';
import type { QueryState } from '../lib/use-query';
import { DataTable, type DataTableProps } from './data-table';
import { Loaded } from './loaded';

/**
 * Keyset paging (docs/backoffice.md "Lists"): 「次へ」 follows the answer's `nextCursor`, 「最初へ」
 * goes back to the first page. There are no page numbers: a keyset list knows only what follows.
 */
export function KeysetPager({
  nextCursor,
  onFirst,
  onNext,
  atFirst,
}: {
  nextCursor: string | null;
  onFirst: () => void;
  onNext: (cursor: string) => void;
  atFirst: boolean;
}) {
  return (
    <nav className="pager" aria-label="ページ送り">
      <button type="button" onClick={onFirst} disabled={atFirst}>
        最初へ
      </button>
      <button
        type="button"
        onClick={() => nextCursor && onNext(nextCursor)}
        disabled={nextCursor === null}
      >
        次へ
      </button>
    </nav>
  );
}

/**
 * One keyset page of a list as it loads: 読み込み中, the failure with a retry, or the page's rows
 * in a table with the pager under it. `cursor` is the page shown (none: the first); `onPage`
 * moves to another (undefined: the first).
 */
export function KeysetTable<Row>({
  list,
  cursor,
  onPage,
  ...table
}: {
  list: QueryState<ListPage<Row>> & { reload: () => void };
  cursor: string | undefined;
  onPage: (cursor: string | undefined) => void;
} & Omit<DataTableProps<Row>, 'rows'>) {
  return (
    <Loaded query={list}>
      {(page) => (
        <>
          <DataTable<Row> {...table} rows={page.items} />
          <KeysetPager
            nextCursor={page.nextCursor}
            atFirst={!cursor}
            onFirst={() => onPage(undefined)}
            onNext={onPage}
          />
        </>
      )}
    </Loaded>
  );
}
