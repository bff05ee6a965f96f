// Where vitest's jsdom environment and the Node running it disagree, the tests take what the
// browser would have: run first, before the app's modules load.
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';

declare const jsdom: { window: Window } | undefined;

// Node 25 and later have a Web Storage of their own on the global object, without its methods
// unless started with --localstorage-file, and vitest then keeps it instead of jsdom's: put jsdom's
// back (a no-op on Node 24 and earlier).
for (const key of ['localStorage', 'sessionStorage'] as const) {
  if (typeof globalThis[key]?.getItem !== 'function' && typeof jsdom !== 'undefined') {
    Object.defineProperty(globalThis, key, { value: jsdom.window[key], configurable: true, writable: true });
  }
}

// fetch and Request are Node's, and Node 26's accept only Node's own FormData as a body (jsdom's
// is sent as the text "[object FormData]"): uploads build Node's FormData of Node's Files, as a
// browser's fetch takes the browser's. Node's FormData class is not a global here (jsdom's took
// the name), so it is taken from a form Node's Response parses.
const NodeFormData = (await new Response(new URLSearchParams('a=b')).formData()).constructor as typeof FormData;
const JsdomFormData = globalThis.FormData;
// A browser's FormData also reads a <form> (React's form actions build one from the submitted
// form); Node's takes no form, so that one is read by jsdom's and copied over.
class BrowserFormData extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    const read = submitter ? new JsdomFormData(form, submitter) : new JsdomFormData(form);
    read.forEach((value, name) => this.append(name, value));
  }
}
Object.assign(globalThis, { FormData: BrowserFormData, File: NodeFile, Blob: NodeBlob });
