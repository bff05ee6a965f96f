export function CheckoutPage() {
  return <div className="p-8">CheckoutPage</div>;
}
