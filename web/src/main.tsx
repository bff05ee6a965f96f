// The entry: the only script a page names, kept to a few hundred bytes with no framework in it.
// A storefront page arrives rendered by the server (src/entry-server.tsx) and is usable as HTML:
// React, the router, the store and the page's own chunks (src/app/start-app.tsx) load only after
// its largest image is on screen, so on a slow phone no script competes with the first paint.
// From the moment this runs, taps on buttons are held and given to the app once it has hydrated.
// The admin (and any page the server did not render) has nothing on screen yet: it starts at once.
import { holdEarlyInput } from './app/early-input';
import { largestImagePainted } from './app/largest-image-painted';
import { yieldToBrowser } from './app/yield-to-browser';
import { SERVER_STATE_ID } from './app/server-state-id';
import './index.css';

const rootElement = document.getElementById('root')!;
const serverRendered = document.getElementById(SERVER_STATE_ID) !== null;
const replayEarlyInput = serverRendered ? holdEarlyInput(rootElement) : undefined;

// React first, then the app, each evaluated in a task of its own.
void (serverRendered ? largestImagePainted() : Promise.resolve())
  .then(() => import('react-dom/client'))
  .then(yieldToBrowser)
  .then(() => import('./app/start-app'))
  .then(async ({ startApp }) => {
    await yieldToBrowser();
    await startApp(rootElement, replayEarlyInput);
  });
