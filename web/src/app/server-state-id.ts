/** The id of the page's JSON block holding the state the server rendered it with (server-state.ts). */
export const SERVER_STATE_ID = 'server-state';
