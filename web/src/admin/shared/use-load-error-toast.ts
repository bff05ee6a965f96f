import { useEffect } from 'react';
import { useToast } from '../../lib/toast';

/** A page's list failed to load: say so once per failure, beside the page's own error panel. */
export function useLoadErrorToast(isError: boolean, message: string): void {
  const toast = useToast();
  useEffect(() => {
    if (isError) toast.error('Error', message);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError]);
}
