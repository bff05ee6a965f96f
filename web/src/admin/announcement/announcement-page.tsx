import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { useLoadErrorToast } from '../shared/use-load-error-toast';
import { btnPrimary, card, errorPanel, input, pageTitle } from '../shared/styles';
import { Field } from '../shared/field';
import { useGetAdminAnnouncementQuery, useSaveAnnouncementMutation } from './announcement-api';

export function AnnouncementPage() {
  const { data, isLoading, isError } = useGetAdminAnnouncementQuery();
  const [save, saveState] = useSaveAnnouncementMutation();
  const [text, setText] = useState('');
  const [textAr, setTextAr] = useState('');
  const toast = useToast();

  useEffect(() => {
    if (data !== undefined) {
      setText(data.text);
      setTextAr(data.textAr);
    }
  }, [data]);
  useLoadErrorToast(isError, 'Failed to load announcement');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ text, textAr }).unwrap();
      toast.success('Announcement updated successfully');
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to update announcement'));
    }
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Announcement</h1>
      {isError && <div className={errorPanel}>Failed to load announcement</div>}
      <form onSubmit={onSubmit} className={`${card} max-w-2xl space-y-3`}>
        <Field id="announcement-text" label="Announcement text (English)">
          <input id="announcement-text" lang="en" className={input} value={text} disabled={isLoading} onChange={(e) => setText(e.target.value)} />
        </Field>
        <Field id="announcement-text-ar" label="Arabic announcement text">
          <input id="announcement-text-ar" lang="ar" dir="rtl" className={input} value={textAr} disabled={isLoading} onChange={(e) => setTextAr(e.target.value)} />
          <p className="mt-1 text-xs text-gray-500">Shown in the banner at the top of the site: each language's shop shows its text, or the other one where it is empty.</p>
        </Field>
        <button type="submit" className={btnPrimary} disabled={saveState.isLoading || isLoading}>
          {saveState.isLoading ? 'Saving...' : 'Save Changes'}
        </button>
      </form>
    </div>
  );
}
