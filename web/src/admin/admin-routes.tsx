// Placeholder created by the storefront skeleton; the admin engineer owns and replaces this file.
export function AdminApp() {
  return <p className="p-8">Admin back-office coming soon.</p>;
}

export function LoginPage() {
  return <p className="p-8">Login coming soon.</p>;
}
