export function AboutPage() {
  return <div className="p-8">AboutPage</div>;
}
