import { format, isValid, parseISO } from 'date-fns';

/** Admin date display: 'MMM d, yyyy h:mm a'; 'N/A' when missing, 'Invalid date' when unparseable. */
export function formatAdminDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? format(date, 'MMM d, yyyy h:mm a') : 'Invalid date';
}
