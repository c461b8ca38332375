import type { ReactNode } from 'react';

/** A table of facts, one row a fact: its label as the row's header, then what it is. */
export function FactsTable({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <table className="table">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
