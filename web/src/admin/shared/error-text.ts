import { errorMessage as serverMessage } from '../../lib/api';
import { errorWording, staffSays } from './staff-wording';

/**
 * The back-office's text for a failed request: the sentence the staff catalogue makes of the code
 * and arguments the server sent (a refused field, say), else the server's own message, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const wording = errorWording(error);
  return wording ? staffSays(wording) : serverMessage(error, fallback);
}
