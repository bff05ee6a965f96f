/**
 * Text that cannot reorder what is around it. An embedding or override character (U+202A-202E)
 * typed into a street turns the rest of the line around it on paper ("Building 7, Apt 3" read
 * mirrored, house 12 read as 21); an isolate (U+2066-2069) left open takes in the text after it.
 * No one types these on purpose, so they are removed from names, addresses and notes where they
 * arrive, and again wherever a stored value is shown, since events already in the log may hold
 * them. The marks U+200E, U+200F and U+061C stay: Arabic keyboards type them, and they only tell a
 * neutral character which way it reads.
 *
 * A value shown among other text (a name in a sentence, a street beside "Building 7") is isolated:
 * FSI … PDI makes the bidi algorithm lay it out on its own, in its own first strong character's
 * direction, and treat it as one neutral character outside, so a mixed-direction value never
 * takes its neighbours with it (an Arabic name followed by "3 items" no longer reads "items 3").
 */

/** U+202A-202E (LRE, RLE, PDF, LRO, RLO) and U+2066-2069 (LRI, RLI, FSI, PDI). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const HAS_BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

export const FIRST_STRONG_ISOLATE = '\u2068';
export const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** `text` without embeddings, overrides and isolates; the direction marks (LRM, RLM, ALM) are kept. Text without any is returned as is. */
export function withoutBidiControls(text: string): string {
  return HAS_BIDI_CONTROL.test(text) ? text.replace(BIDI_CONTROLS, '') : text;
}

const EMBEDDINGS_AND_OVERRIDES = /[\u202a-\u202e]/g;

/**
 * `text` without embeddings and overrides, its isolates kept: for a line composed of isolated
 * values, whose isolates are its own (each value's were removed by `isolated`).
 */
export function withoutEmbeddings(text: string): string {
  return text.replace(EMBEDDINGS_AND_OVERRIDES, '');
}

/** Whether `text` holds an embedding, override or isolate character. */
export function hasBidiControl(text: string): boolean {
  return HAS_BIDI_CONTROL.test(text);
}

/**
 * A value to place among other text: its own controls removed, then wrapped in FSI … PDI. Empty
 * stays empty (nothing to isolate, and no invisible characters where nothing shows).
 */
export function isolated(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = withoutBidiControls(String(value));
  return text === '' ? '' : `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
