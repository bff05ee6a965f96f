export function NotFoundPage() {
  return <div className="p-8">NotFoundPage</div>;
}
