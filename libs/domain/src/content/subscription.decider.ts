/**
 * One newsletter address (`subscriber-<id>`, id derived from the normalised address), so
 * subscribing reads one short stream however many people subscribed before: the address is
 * unique because its stream is. The events are the `newsletter` stream's, so the projection
 * reads old and new subscriptions alike (docs/adr/007-bounded-streams.md).
 */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { uuidFromName } from '../shared/uuid-from-name.js';
import { normaliseEmail } from '../shared/validation.js';
import type { NewsletterCommand } from './commands.js';
import type { NewsletterEvent } from './events.js';
import { subscriberEmail } from './newsletter.decider.js';

export interface SubscriptionState {
  subscribed: boolean;
  subscriberId: string;
  /** Trimmed and lower-cased. */
  email: string;
}

export const initialSubscriptionState: SubscriptionState = Object.freeze({ subscribed: false, subscriberId: '', email: '' });

/** The subscriber id, and so the stream, of an address: the same for every case and spacing of it. */
export function newsletterSubscriberId(email: string): string {
  return uuidFromName(`newsletter:${normaliseEmail(email)}`);
}

export function decideSubscription(command: NewsletterCommand, state: SubscriptionState): NewsletterEvent[] {
  switch (command.type) {
    case 'SubscribeToNewsletter': {
      const email = subscriberEmail(command.data.email);
      if (state.subscribed || command.data.listedBefore) throw DomainError.conflict('NEWSLETTER_ALREADY_SUBSCRIBED', 'This email is already subscribed');
      return [{ type: 'NewsletterSubscribed', data: { subscriberId: command.data.subscriberId, email } }];
    }
    case 'UnsubscribeFromNewsletter':
      if (!state.subscribed || state.subscriberId !== command.data.subscriberId) throw DomainError.notFound('NEWSLETTER_SUBSCRIBER_NOT_FOUND', 'Subscriber not found');
      return [{ type: 'NewsletterUnsubscribed', data: { subscriberId: state.subscriberId, email: state.email } }];
    default:
      return assertNever(command, 'newsletter command');
  }
}

export function evolveSubscription(state: SubscriptionState, event: NewsletterEvent): SubscriptionState {
  switch (event.type) {
    case 'NewsletterSubscribed':
      return { subscribed: true, subscriberId: event.data.subscriberId, email: event.data.email };
    case 'NewsletterUnsubscribed':
      return { ...state, subscribed: false };
    default:
      return assertNever(event, 'newsletter event');
  }
}

export const subscriptionDecider: Decider<NewsletterCommand, NewsletterEvent, SubscriptionState> = {
  decide: decideSubscription,
  evolve: evolveSubscription,
  initialState: initialSubscriptionState,
};
