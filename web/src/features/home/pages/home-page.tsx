export function HomePage() {
  return <div className="p-8">HomePage</div>;
}
