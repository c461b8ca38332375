import type { FormEvent, ReactNode } from 'react';

/**
 * A list's search or filter form (docs/backoffice.md "Lists"): its fields in a row, then the
 * button that applies them (`onApply`, without a page load), then any other button (`more`).
 */
export function FilterForm({
  label,
  applyLabel,
  onApply,
  more,
  children,
}: {
  label: string;
  applyLabel: string;
  onApply: () => void;
  more?: ReactNode;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form className="filters" onSubmit={submit} aria-label={label}>
      {children}
      <div className="field">
        <button type="submit" className="button-primary">
          {applyLabel}
        </button>
      </div>
      {more}
    </form>
  );
}
