// Node 25 and later have a Web Storage of their own on the global object, without its methods
// unless started with --localstorage-file, and vitest then keeps it instead of jsdom's: every
// test that stores a cart id or the language would fail. Put jsdom's back (a no-op on Node 24 and
// earlier). A setup file of its own, run first, since the app's modules read storage on import.
declare const jsdom: { window: Window } | undefined;

for (const key of ['localStorage', 'sessionStorage'] as const) {
  if (typeof globalThis[key]?.getItem !== 'function' && typeof jsdom !== 'undefined') {
    Object.defineProperty(globalThis, key, { value: jsdom.window[key], configurable: true, writable: true });
  }
}
