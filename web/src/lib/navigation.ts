// The API layer lives outside React but must send an expired admin to /login; the router
// registers its navigate here once it exists (src/app/router.tsx).
type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function registerNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean; state?: unknown }): void {
  navigateImpl(to, opts);
}
