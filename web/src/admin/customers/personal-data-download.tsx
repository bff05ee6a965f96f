import { useId, useState, type FormEvent } from 'react';
import { downloadFile } from '../shared/download';
import { btnSecondary, input } from '../shared/styles';

/**
 * A person's right of access: everything the shop holds under a phone (any form) or an e-mail,
 * as one JSON file.
 */
export function PersonalDataDownload() {
  const [who, setWho] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = who.trim();
    if (!value) return;
    const field = value.includes('@') ? 'email' : 'phone';
    setBusy(true);
    setProblem('');
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadFile(`/api/admin/personal-data?${field}=${encodeURIComponent(value)}`, `personal-data-${day}.json`);
    } catch (e) {
      setProblem(String((e as Error).message).includes('404') ? `The shop holds nothing under that ${field === 'email' ? 'e-mail' : 'phone'}` : 'The download failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Download personal data">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
          Phone or e-mail
        </label>
        <input id={id} className={input} value={who} onChange={(e) => setWho(e.target.value)} autoComplete="off" />
      </div>
      <button type="submit" className={btnSecondary} disabled={busy || !who.trim()}>
        {busy ? 'Preparing...' : 'Download personal data'}
      </button>
      {problem && (
        <p className="w-full text-sm text-red-700" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
