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
