export function PosterPage() {
  return <div className="p-8">PosterPage</div>;
}
