// What the server renderer (src/entry-server.tsx, built into web/dist/server) takes and answers:
// the one contract between the web build and the API that imports it
// (services/api/src/web/storefront-renderer.ts). Types only, so both sides' compilers read it.
import type { Writable } from 'node:stream';

export interface RenderRequest {
  /** Path and query of the page, e.g. /ar/posters/abc?x=1. */
  url: string;
  /** The shop's public origin, for canonical and Open Graph URLs. */
  publicOrigin: string;
  /** Where this server answers /api from here (loopback). */
  apiOrigin: string;
  signal?: AbortSignal;
}

/** The page's markup, streamed by React into `destination`, which it ends. */
export interface RenderedBody {
  pipe<W extends Writable>(destination: W): W;
  abort(reason?: unknown): void;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; lang: string; dir: 'ltr' | 'rtl'; head: string; body: RenderedBody; state: string };
