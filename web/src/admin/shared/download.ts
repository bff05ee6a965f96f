import { AUTH_TOKEN_KEY, readStorage, writeStorage } from '../../lib/storage';
import { navigateTo } from '../../lib/navigation';

/**
 * Files (CSV, NDJSON, PDF) come from authenticated admin calls, so a plain link cannot fetch them:
 * fetch with the bearer token, then hand the blob to the browser as a download. With `body`, the
 * file is asked for by a POST of that JSON (a batch too long for a URL).
 */
export async function downloadFile(url: string, fileName: string, body?: unknown): Promise<void> {
  const token = readStorage(AUTH_TOKEN_KEY);
  const response = await fetch(url.startsWith('/') ? url : `/api/${url}`, {
    credentials: 'include',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
  const renewed = response.headers.get('X-Renewed-Token');
  if (renewed) writeStorage(AUTH_TOKEN_KEY, renewed);
  if (response.status === 401) {
    writeStorage(AUTH_TOKEN_KEY, null);
    navigateTo('/login', { replace: true, state: { from: window.location.pathname + window.location.search } });
    throw new Error('Unauthorized');
  }
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  saveBlob(await response.blob(), fileName);
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
