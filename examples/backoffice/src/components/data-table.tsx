import type { ReactNode } from 'react';

export interface Column<Row> {
  /** The column heading. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned (amounts, counts). */
  numeric?: boolean;
}

interface Selection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The checkbox's accessible name for one row, e.g. 「注文 20261126-0001 を選択」. */
  label: (key: string) => string;
}

export interface DataTableProps<Row> {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  selection?: Selection | undefined;
  empty?: string;
}

/**
 * A table of rows with a caption and, when `selection` is given, a checkbox per row and one for
 * all of them. It scrolls sideways inside its frame on a narrow screen (a tablet), never the page.
 */
export function DataTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  selection,
  empty = '該当するデータはありません。',
}: DataTableProps<Row>) {
  const keys = rows.map(rowKey);
  const allSelected = keys.length > 0 && keys.every((key) => selection?.selected.has(key));
  const toggleAll = () => {
    if (!selection) return;
    selection.onChange(allSelected ? new Set() : new Set(keys));
  };
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  return (
    <div className="table-frame">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="cell-check">
                <input
                  type="checkbox"
                  aria-label="表示中の行をすべて選択"
                  checked={allSelected}
                  onChange={toggleAll}
                  disabled={keys.length === 0}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'cell-num' : ''}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="cell-empty" colSpan={columns.length + (selection ? 1 : 0)}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr key={key} className={selection?.selected.has(key) ? 'row-selected' : ''}>
                  {selection ? (
                    <td className="cell-check">
                      <input
                        type="checkbox"
                        aria-label={selection.label(key)}
                        checked={selection.selected.has(key)}
                        onChange={() => toggle(key)}
                      />
                    </td>
                  ) : null}
                  {columns.map((column) => (
                    <td key={column.header} className={column.numeric ? 'cell-num' : ''}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
