import type { HydrationState } from 'react-router';
import { SERVER_STATE_ID } from './server-state-id';
import type { RootState } from './store';

/** What the server hands the client in the page (a JSON block, id SERVER_STATE_ID): the store and the router's data. */
export interface ServerState {
  store: Partial<RootState>;
  router: HydrationState;
}

/** The state the server rendered the page with, or null for a page the client renders alone (the admin). */
export function readServerState(): ServerState | null {
  const el = document.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as ServerState;
  } catch {
    return null;
  }
}
