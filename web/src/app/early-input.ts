// A server-rendered page shows its buttons and fields before the app hydrates: the entry (main.tsx)
// loads React and the page's chunks only after the first paint. React replays no click that
// arrives before hydrateRoot, and a click on a part still waiting for its code is swallowed, not
// replayed; a field changed before hydration keeps its value on screen while the app's state keeps
// the server's, and no onChange tells it otherwise. So from the moment the entry runs, clicks on
// buttons are held here, and once the app has hydrated and run its mount effects the fields changed
// meanwhile are told to the app and the held clicks replayed, in order. No React here: this module
// is part of the entry, which must stay small.

import { yieldToBrowser } from './yield-to-browser';

const BUTTONS = 'button, [role="button"], [role="tab"], input[type="submit"], input[type="button"]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function changedByUser(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * Tells the app a value the shopper gave before hydration. React took the field's on-screen value
 * as its last known one when it hydrated, so a plain event would look like no change: the field is
 * first set back to the server's value through its own property (which React watches), then to
 * the shopper's through the prototype's setter (which it does not), and the event React listens
 * to for that kind of field is sent, as a real edit would.
 */
function tellApp(field: Field): void {
  if (isToggle(field)) {
    if (!field.checked) return; // a radio unchecked by checking its sibling is told by the sibling
    field.checked = field.defaultChecked;
    field.click(); // checks it again, with the click React's change handling listens to
    return;
  }
  const proto = Object.getPrototypeOf(field) as object;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  const value = field.value;
  if (field instanceof HTMLSelectElement) {
    field.value = [...field.options].find((o) => o.defaultSelected)?.value ?? '';
  } else {
    field.value = field.defaultValue;
  }
  setValue?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Holds clicks on the buttons inside `root` from now on (links and labels keep their native
 * behaviour, which already works); the returned function stops holding, tells the app about fields
 * changed meanwhile, then replays the held clicks in order, each after the previous one's render
 * (React renders a discrete event's update before the next task), so a click's handler sees the
 * state the fields set.
 */
export function holdEarlyInput(root: HTMLElement): () => Promise<void> {
  const held: HTMLElement[] = [];
  const hold = (e: MouseEvent) => {
    if (!e.isTrusted) return; // the replay's own clicks
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>(BUTTONS) : null;
    if (!button || !root.contains(button)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(button);
  };
  document.addEventListener('click', hold, true);
  // From here on no tap is lost: the mark says when, for the browser tests and the benchmark.
  performance.mark('early-input-held');
  return async () => {
    for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
      if (changedByUser(field)) tellApp(field);
    }
    document.removeEventListener('click', hold, true);
    for (const button of held.splice(0)) {
      await yieldToBrowser();
      if (button.isConnected) button.click();
    }
  };
}
