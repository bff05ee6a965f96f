// A server-rendered page shows its buttons and fields before the app hydrates (main.tsx first loads
// the page's lazy chunks), and the shipped build's Preact queues no event meanwhile. Without this,
// a shopper's early tap on "Add to Cart" does nothing, and a size picked or text typed early is
// undone by the page's first render or its mount effects.
import { useEffect } from 'react';

const BUTTONS = 'button, [role="button"], [role="tab"], input[type="submit"], input[type="button"]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function changedByUser(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** The event the app's onChange listens to for this field (preact/compat: `input` for text, `change` for the rest). */
function changeEventOf(field: Field): string {
  return field instanceof HTMLSelectElement || field.type === 'checkbox' || field.type === 'radio' ? 'change' : 'input';
}

/**
 * Holds clicks on the buttons inside `root` from now on (links and labels keep their native
 * behaviour, which already works); the returned function, for `ReplayEarlyInput`, stops holding,
 * tells the app about fields changed meanwhile, then replays the held clicks in order. Each event's
 * render happens before the next event (Preact renders in a microtask; the next event waits for a
 * task), so a click's handler sees the state the fields set.
 */
export function holdEarlyInput(root: HTMLElement): () => Promise<void> {
  const held: HTMLElement[] = [];
  const hold = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>(BUTTONS) : null;
    if (!button || !root.contains(button)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(button);
  };
  document.addEventListener('click', hold, true);
  const rendered = () => new Promise((resolve) => setTimeout(resolve, 0));
  return async () => {
    document.removeEventListener('click', hold, true);
    for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
      if (changedByUser(field)) field.dispatchEvent(new Event(changeEventOf(field), { bubbles: true }));
    }
    for (const button of held.splice(0)) {
      await rendered();
      if (button.isConnected) button.click();
    }
  };
}

/**
 * Rendered last in the hydrated tree, so its effect runs after every other component's mount
 * effects (which may reset a page's state, e.g. the poster page's size on a new id).
 */
export function ReplayEarlyInput({ replay }: { replay: () => Promise<void> }) {
  useEffect(() => void replay(), [replay]);
  return null;
}
