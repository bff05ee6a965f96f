export function ShippingPolicyPage() {
  return <div className="p-8">ShippingPolicyPage</div>;
}
