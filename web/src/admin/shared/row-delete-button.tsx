/** A list row's Delete: opens the page's confirm dialog, which does the deleting. */
export function RowDeleteButton({ onClick, label }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className="text-sm text-red-700 hover:underline" onClick={onClick} aria-label={label}>
      Delete
    </button>
  );
}
