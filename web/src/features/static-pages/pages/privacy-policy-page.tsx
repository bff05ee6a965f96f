export function PrivacyPolicyPage() {
  return <div className="p-8">PrivacyPolicyPage</div>;
}
