/**
 * A select over the installed plugins of one kind (brains, engines). A persona's id that none of them has stays
 * selected as its own option, marked "(not installed)" once the catalog is known (`catalogKnown`), so opening a
 * persona never changes its plugin silently. With `unset`, the empty value is a choice of its own, named so
 * (the re-run dialog's "the persona's").
 */
export function PluginSelect({
  id,
  value,
  plugins,
  catalogKnown = true,
  unset,
  onChange,
}: {
  id: string;
  value: string;
  plugins: ReadonlyArray<{ id: string; title: string }>;
  catalogKnown?: boolean;
  unset?: string;
  onChange: (id: string) => void;
}) {
  const installed = plugins.some((p) => p.id === value) || (unset !== undefined && value === '');
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {unset !== undefined && <option value="">{unset}</option>}
      {!installed && (
        <option value={value}>
          {value}
          {catalogKnown ? ' (not installed)' : ''}
        </option>
      )}
      {plugins.map((p) => (
        <option key={p.id} value={p.id}>
          {p.title}
        </option>
      ))}
    </select>
  );
}
