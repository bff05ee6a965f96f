export function RefundPolicyPage() {
  return <div className="p-8">RefundPolicyPage</div>;
}
