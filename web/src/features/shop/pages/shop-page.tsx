export function ShopPage() {
  return <div className="p-8">ShopPage</div>;
}
