/**
 * Newsletter subscribers of the `newsletter` stream: every subscription made before per-address
 * streams (subscription.decider.ts). New subscriptions go there; this decider still unsubscribes
 * the old ones, and its state tells the subscribe handler which addresses are listed here.
 */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { isValidEmail, normaliseEmail } from '../shared/validation.js';
import type { NewsletterCommand } from './commands.js';
import type { NewsletterEvent } from './events.js';

export interface Subscriber {
  subscriberId: string;
  /** Trimmed and lower-cased. */
  email: string;
}

export interface NewsletterState {
  subscribers: readonly Subscriber[];
}

export const initialNewsletterState: NewsletterState = Object.freeze({ subscribers: [] });

/** The address as stored (trimmed, lower-cased), or the refusal of an invalid one. */
export function subscriberEmail(input: unknown): string {
  const email = normaliseEmail(typeof input === 'string' ? input : '');
  if (!isValidEmail(email)) throw DomainError.validation('NEWSLETTER_INVALID_EMAIL', 'Please enter a valid email address');
  return email;
}

export function decideNewsletter(command: NewsletterCommand, state: NewsletterState): NewsletterEvent[] {
  switch (command.type) {
    case 'SubscribeToNewsletter': {
      const email = subscriberEmail(command.data.email);
      if (state.subscribers.some((s) => s.email === email)) {
        throw DomainError.conflict('NEWSLETTER_ALREADY_SUBSCRIBED', 'This email is already subscribed');
      }
      return [{ type: 'NewsletterSubscribed', data: { subscriberId: command.data.subscriberId, email } }];
    }
    case 'UnsubscribeFromNewsletter': {
      const subscriber = state.subscribers.find((s) => s.subscriberId === command.data.subscriberId);
      if (!subscriber) throw DomainError.notFound('NEWSLETTER_SUBSCRIBER_NOT_FOUND', 'Subscriber not found');
      return [{ type: 'NewsletterUnsubscribed', data: { subscriberId: subscriber.subscriberId, email: subscriber.email } }];
    }
    default:
      return assertNever(command, 'newsletter command');
  }
}

export function evolveNewsletter(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'NewsletterSubscribed':
      return { subscribers: [...state.subscribers, { ...event.data }] };
    case 'NewsletterUnsubscribed':
      return { subscribers: state.subscribers.filter((s) => s.subscriberId !== event.data.subscriberId) };
    default:
      return assertNever(event, 'newsletter event');
  }
}

export const newsletterDecider: Decider<NewsletterCommand, NewsletterEvent, NewsletterState> = {
  decide: decideNewsletter,
  evolve: evolveNewsletter,
  initialState: initialNewsletterState,
};
