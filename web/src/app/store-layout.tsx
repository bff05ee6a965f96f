import { Outlet } from 'react-router';

export function StoreLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
