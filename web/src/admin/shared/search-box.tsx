import { input } from './styles';

/** The search box above an admin list; the list asks the server once typing pauses (usePagedList). */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={`${label}...`}
      className={`${input} max-w-md`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
