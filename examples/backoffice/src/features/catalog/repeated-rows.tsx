import { Fragment, type Key, type ReactNode } from 'react';

/** How one row is drawn: its value, its place, how to replace it, and its 取り除く (or null). */
export interface RowProps<T> {
  row: T;
  index: number;
  set: (next: T) => void;
  remove: ReactNode;
}

/**
 * Rows of a form that the operator adds and removes before saving (a new product's 版, a
 * product's 特典): each row drawn by `children`, a 取り除く button on the rows `removable`
 * allows, and `addLabel` while there are fewer than `max` rows (the API's own limit).
 */
export function RepeatedRows<T>({
  rows,
  onChange,
  max,
  blank,
  addLabel,
  removable,
  keyOf,
  children,
}: {
  rows: readonly T[];
  onChange: (next: T[]) => void;
  max: number;
  blank: () => T;
  addLabel: string;
  removable: (row: T) => boolean;
  keyOf: (row: T, index: number) => Key;
  children: (props: RowProps<T>) => ReactNode;
}) {
  return (
    <>
      {rows.map((row, index) => (
        <Fragment key={keyOf(row, index)}>
          {children({
            row,
            index,
            set: (next) => onChange(rows.map((r, i) => (i === index ? next : r))),
            remove: removable(row) ? (
              <div className="field">
                <button type="button" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                  取り除く
                </button>
              </div>
            ) : null,
          })}
        </Fragment>
      ))}
      {rows.length < max ? (
        <button type="button" onClick={() => onChange([...rows, blank()])}>
          {addLabel}
        </button>
      ) : null}
    </>
  );
}
