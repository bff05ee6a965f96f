import { useEffect, useState } from 'react';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import type { MessageTemplateDto } from '../../api/generated-admin';
import { btnPrimary, btnSecondary, card, input, label } from '../shared/styles';
import { KIND_LABELS, useGetMessageTemplatesQuery, usePreviewMessageTemplateMutation, useSaveMessageTemplateMutation } from './messages-api';

const PLACEHOLDERS = ['firstName', 'orderNumber', 'lines', 'total', 'paymentMethod', 'shopName'];

/** The server's refusal of one field ("body: Unknown placeholder …"), shown under that field. */
function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { fieldErrors?: Record<string, string> } } | undefined)?.data;
  return data?.fieldErrors ?? {};
}

/**
 * The wording of e-mails and text messages, per message, channel and language, with a preview on
 * a made-up order. Plain text and the listed placeholders only: the server refuses anything else
 * and names the field.
 */
export function MessageTemplatesEditor() {
  const { data: templates = [] } = useGetMessageTemplatesQuery();
  const [kind, setKind] = useState<MessageTemplateDto['kind']>('orderPlaced');
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [language, setLanguage] = useState<'en' | 'ar'>('en');
  const current = templates.find((t) => t.kind === kind && t.channel === channel && t.language === language);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveMessageTemplateMutation();
  const [preview, previewState] = usePreviewMessageTemplateMutation();
  const toast = useToast();

  useEffect(() => {
    setSubject(current?.subject ?? '');
    setBody(current?.body ?? '');
    setErrors({});
    previewState.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.subject, current?.body, kind, channel, language]);

  const template: MessageTemplateDto = { kind, channel, language, subject: channel === 'email' ? subject : null, body };
  const run = async (action: 'preview' | 'save') => {
    setErrors({});
    try {
      if (action === 'preview') await preview(template).unwrap();
      else {
        await save(template).unwrap();
        toast.success('Template saved', 'Messages from now on use it');
      }
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Error', errorMessage(error, action === 'save' ? 'Failed to save the template' : 'Failed to preview the template'));
    }
  };

  return (
    <section className={`${card} space-y-3`} aria-label="Message templates">
      <h2 className="text-lg font-semibold">Templates</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="template-kind" className={label}>Message</label>
          <select id="template-kind" className={input} value={kind} onChange={(e) => setKind(e.target.value as MessageTemplateDto['kind'])}>
            {Object.entries(KIND_LABELS).map(([k, text]) => (
              <option key={k} value={k}>{text}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="template-channel" className={label}>Channel</label>
          <select id="template-channel" className={input} value={channel} onChange={(e) => setChannel(e.target.value as 'email' | 'sms')}>
            <option value="email">E-mail</option>
            <option value="sms">SMS</option>
          </select>
        </div>
        <div>
          <label htmlFor="template-language" className={label}>Language</label>
          <select id="template-language" className={input} value={language} onChange={(e) => setLanguage(e.target.value as 'en' | 'ar')}>
            <option value="en">English</option>
            <option value="ar">Arabic</option>
          </select>
        </div>
      </div>
      <p className="text-xs text-gray-500">
        Plain text. Placeholders: {PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')}
        {current && !current.custom ? ' · the shop\'s own wording' : ''}
      </p>
      {channel === 'email' && (
        <div>
          <label htmlFor="template-subject" className={label}>Subject</label>
          <input id="template-subject" className={input} dir="auto" value={subject} onChange={(e) => setSubject(e.target.value)} aria-invalid={errors.subject ? true : undefined} />
          {errors.subject && <p className="mt-1 text-xs text-red-700" role="alert">{errors.subject}</p>}
        </div>
      )}
      <div>
        <label htmlFor="template-body" className={label}>Text</label>
        <textarea id="template-body" className={input} dir="auto" rows={8} value={body} onChange={(e) => setBody(e.target.value)} aria-invalid={errors.body ? true : undefined} />
        {errors.body && <p className="mt-1 text-xs text-red-700" role="alert">{errors.body}</p>}
      </div>
      <div className="flex gap-2">
        <button type="button" className={btnSecondary} disabled={previewState.isLoading} onClick={() => void run('preview')}>Preview</button>
        <button type="button" className={btnPrimary} disabled={saving.isLoading} onClick={() => void run('save')}>Save</button>
      </div>
      {previewState.data && (
        <div className="rounded-md bg-gray-50 p-3 text-sm" data-testid="template-preview" dir={language === 'ar' ? 'rtl' : 'ltr'} lang={language}>
          {previewState.data.subject && <p className="font-medium">{previewState.data.subject}</p>}
          <pre className="whitespace-pre-wrap font-sans">{previewState.data.body}</pre>
        </div>
      )}
    </section>
  );
}
