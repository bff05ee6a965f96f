import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedBody, RenderRequest, RenderResult } from '../../../../web/src/render-contract.js';

type Render = (req: RenderRequest) => Promise<RenderResult>;

/** The web build as the server uses it: the page shell (web/dist/index.html) and the server renderer (web/dist/server). */
export interface StorefrontRenderer {
  /** The shell as built: the admin, and any page when server rendering is unavailable, render in the browser. */
  clientShell: string;
  /** A server-rendered page, or null where the build has no server renderer. */
  render(req: RenderRequest): Promise<RenderedPage | { status: number; location: string } | null>;
}

/** A page as it goes out: the shell up to the body's content, React's stream of it, and the rest. */
export interface RenderedPage {
  status: number;
  before: string;
  body: RenderedBody;
  after: string;
}

const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/assets\/([\w.-]+\.css)"[^>]*>/g;

/**
 * The stylesheet inlined into server-rendered pages: one small file (about 11 KB compressed), so
 * the first paint waits for no further request, and the content is styled from the first byte.
 */
function inlineStyles(shell: string, distDir: string): string {
  return shell.replace(STYLESHEET, (tag, file: string) => {
    const css = path.join(distDir, 'assets', file);
    return existsSync(css) ? `<style>${readFileSync(css, 'utf8')}</style>` : tag;
  });
}

export function loadStorefrontRenderer(distDir: string): StorefrontRenderer | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const clientShell = readFileSync(indexFile, 'utf8');
  const serverEntry = path.join(distDir, 'server', 'entry-server.js');
  // The page's own title and description replace the shell's defaults.
  const pageShell = inlineStyles(clientShell, distDir)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  let renderer: Promise<Render> | null = null;
  const load = () => (renderer ??= import(pathToFileURL(serverEntry).href).then((m: { render: Render }) => m.render));

  return {
    clientShell,
    async render(req) {
      if (!existsSync(serverEntry)) return null;
      const result = await (await load())(req);
      if (result.kind === 'redirect') return { status: result.status, location: result.location };
      const html = pageShell
        .replace(/<html[^>]*>/, `<html lang="${result.lang}" dir="${result.dir}">`)
        // Before the scripts: the page's largest image is preloaded ahead of them, not behind them.
        .replace(/<script type="module"/, (script) => `${result.head}\n    ${script}`);
      const at = html.indexOf(ROOT);
      return {
        status: result.status,
        before: `${html.slice(0, at)}<div id="root">`,
        body: result.body,
        after: `</div>\n    <script type="application/json" id="server-state">${result.state}</script>${html.slice(at + ROOT.length)}`,
      };
    },
  };
}
