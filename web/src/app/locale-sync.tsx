import { useDocumentLocale } from '../lib/i18n';

export function LocaleSync() {
  useDocumentLocale();
  return null;
}
