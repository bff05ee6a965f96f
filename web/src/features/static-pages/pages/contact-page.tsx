export function ContactPage() {
  return <div className="p-8">ContactPage</div>;
}
