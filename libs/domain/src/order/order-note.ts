/**
 * Staff notes on an order: free text one staff member leaves for the others ("called twice, no
 * answer"). Plain text only: markup or control characters are refused, naming the field, so a
 * note is shown as written and never read as HTML anywhere it is displayed or exported.
 */
import { DomainError } from '../shared/domain-error.js';
import { textProblem } from '../shared/text-rules.js';

export const MAX_NOTE = 2000;

/** The note as typed → trimmed text; a 400 naming `text` otherwise. */
export function validateNote(raw: unknown): string {
  const refuse = (message: string) => DomainError.validation('ORDER_NOTE_INVALID', `text: ${message}`, { text: message });
  if (typeof raw !== 'string') throw refuse('must be text');
  const text = raw.trim();
  if (text === '') throw refuse('is required');
  if (text.length > MAX_NOTE) throw refuse(`must be at most ${MAX_NOTE} characters`);
  if (textProblem(text, { allowLineBreaks: true }) !== undefined) throw refuse('must not contain control characters');
  if (/[<>]/.test(text)) throw refuse('must not contain < or >');
  return text;
}
