export function CustomPage() {
  return <div className="p-8">CustomPage</div>;
}
