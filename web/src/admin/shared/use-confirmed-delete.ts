import { useState } from 'react';
import { errorMessage } from './error-text';
import { useToast } from '../../lib/toast';

interface DeleteMessages {
  /** Toast on success; none when the row's disappearance says enough. */
  done?: string;
  failedTitle?: string;
  /** Toast text on failure; with serverText, only when the server gave none. */
  failed: string;
  serverText?: boolean;
}

/** The row a confirm dialog asks about, and the delete it confirms: the dialog closes on success, a toast says so on failure. */
export function useConfirmedDelete<T extends { id: string }>(
  remove: (id: string) => { unwrap(): Promise<unknown> },
  messages: DeleteMessages,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const toast = useToast();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      if (messages.done) toast.success(messages.done);
      setDeleting(null);
    } catch (error) {
      toast.error(messages.failedTitle ?? 'Error', messages.serverText ? errorMessage(error, messages.failed) : messages.failed);
    }
  };
  return { deleting, setDeleting, confirmDelete };
}
