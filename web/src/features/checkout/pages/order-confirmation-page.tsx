export function OrderConfirmationPage() {
  return <div className="p-8">OrderConfirmationPage</div>;
}
