import type { ReactNode } from 'react';
import { errorPanel } from './styles';

interface ListStatesProps {
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
  /** The words of each state; the page names what it lists. */
  loading: string;
  failed: string;
  empty: ReactNode;
  /** The list, shown only once it has loaded and has rows. */
  children: ReactNode;
}

/** A list's loading, failed and empty states, styled alike on every admin page, then the list itself. */
export function ListStates({ isLoading, isError, isEmpty, loading, failed, empty, children }: ListStatesProps) {
  if (isLoading) return <p className="text-sm text-gray-500">{loading}</p>;
  if (isError) return <div className={errorPanel}>{failed}</div>;
  if (isEmpty) return <p className="text-sm text-gray-500">{empty}</p>;
  return <>{children}</>;
}
