import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSubscribeToNewsletterMutation } from '../../../api/generated-public';
import { errorStatus } from '../../../lib/api';
import { useT, type MessageKey } from '../../../lib/i18n';
import { Ltr } from '../../../lib/ltr';
import { NEWSLETTER_KEY, readStorage, writeStorage } from '../../../lib/storage';
import { isValidEmail, normaliseEmail } from '../../../../../libs/domain/src/shared/validation';

/** The refusal in the shopper's words: the server names the address (400) or its sign-up limit (429). */
function failureKey(status: unknown): MessageKey {
  if (status === 400) return 'newsletter.invalid';
  if (status === 429) return 'newsletter.busy';
  return 'newsletter.failed';
}

type Outcome = { kind: 'subscribed'; email: string } | { kind: 'already' } | { kind: 'refused'; key: MessageKey } | null;

/**
 * The footer's sign-up. The server answers a new and an already listed address alike (saying
 * which would tell anyone whether an address is on the list), so "already subscribed" is only
 * said to the browser that subscribed, from a flag it keeps: never the address itself.
 */
export function NewsletterForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [subscribe, { isLoading }] = useSubscribeToNewsletterMutation();
  // After hydration: the server renders the form, as it has no storage.
  useEffect(() => {
    if (readStorage(NEWSLETTER_KEY)) setOutcome({ kind: 'already' });
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = normaliseEmail(email);
    if (!isValidEmail(address)) return setOutcome({ kind: 'refused', key: 'newsletter.invalid' });
    try {
      const answer = await subscribe({ email: address }).unwrap();
      writeStorage(NEWSLETTER_KEY, '1');
      setEmail('');
      setOutcome({ kind: 'subscribed', email: answer.email });
    } catch (err) {
      setOutcome({ kind: 'refused', key: failureKey(errorStatus(err)) });
    }
  };

  const done = outcome?.kind === 'subscribed' || outcome?.kind === 'already';
  return (
    <section aria-labelledby="newsletter-title" className="min-w-0" data-testid="newsletter">
      <h2 id="newsletter-title" className="mb-3 text-sm font-semibold uppercase tracking-wider text-stone-400">
        {t('newsletter.title')}
      </h2>
      <p className="text-sm text-stone-300">{t('newsletter.text')}</p>
      {done ? (
        <div className="mt-3" role="status" data-testid="newsletter-status">
          <p className="text-sm font-medium text-white">
            {outcome.kind === 'subscribed' ? (
              <>
                {t('newsletter.subscribed')} <Ltr lang="en">{outcome.email}</Ltr>
              </>
            ) : (
              t('newsletter.already')
            )}
          </p>
          <button type="button" onClick={() => setOutcome(null)} className="mt-2 text-sm text-stone-300 underline hover:text-white">
            {t('newsletter.another')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3" aria-labelledby="newsletter-title">
          <label htmlFor="newsletter-email" className="sr-only">
            {t('newsletter.email')}
          </label>
          <div className="flex gap-2">
            <input
              id="newsletter-email"
              type="email"
              dir="ltr"
              autoComplete="email"
              maxLength={254}
              placeholder={t('newsletter.email')}
              aria-invalid={outcome?.kind === 'refused' && outcome.key === 'newsletter.invalid'}
              aria-describedby={`newsletter-consent${outcome?.kind === 'refused' ? ' newsletter-error' : ''}`}
              className="w-0 min-w-0 flex-1 rounded-full border border-white/20 bg-white/10 px-4 py-2 text-white placeholder:text-stone-400 focus:border-white focus:outline-none rtl:text-end"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (outcome?.kind === 'refused') setOutcome(null);
              }}
            />
            <button type="submit" disabled={isLoading} className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-stone-200 disabled:opacity-60">
              {isLoading ? t('common.loading') : t('newsletter.subscribe')}
            </button>
          </div>
          {outcome?.kind === 'refused' && (
            <p id="newsletter-error" role="alert" className="mt-2 text-sm text-rose-300" data-testid="newsletter-error">
              {t(outcome.key)}
            </p>
          )}
          <p id="newsletter-consent" className="mt-2 text-xs text-stone-400">
            {t('newsletter.consent')}{' '}
            <Link to="/privacy-policy" className="underline hover:text-white">
              {t('footer.privacy')}
            </Link>
          </p>
        </form>
      )}
    </section>
  );
}
