/**
 * The keyword box of a search form (sent as `q`, as the search page reads it) and its 検索
 * button; the form around it decides where it goes.
 */
export function KeywordSearch({
  id,
  placeholder,
  defaultValue,
  buttonClassName,
}: {
  id: string;
  placeholder: string;
  defaultValue?: string;
  buttonClassName: string;
}) {
  return (
    <>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className={`button ${buttonClassName}`}>
        検索
      </button>
    </>
  );
}
