import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PersonalDataCipher } from '#event-store/personal-data/personal-data-cipher.js';
import { newsletterDecider, subscriberEmail } from '#domain/content/newsletter.decider.js';
import { newsletterSubscriberId, subscriptionDecider } from '#domain/content/subscription.decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { normaliseEmail } from '#domain/shared/validation.js';
import { newsletterStream, subscriberStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';
import { PERSONAL_DATA } from '../../common/tokens.js';

/*
 * Newsletter subscriptions live one address a stream (`subscriber-<id>`); the `newsletter`
 * stream holds those made before, which are still unsubscribed there and still count as taken.
 */

export interface Subscription {
  subscriberId: string;
  /** As stored: trimmed, lower-cased. */
  email: string;
}

export class SubscribeToNewsletterCommand extends Command<Subscription> {
  constructor(readonly email: string) {
    super();
  }
}

export class UnsubscribeFromNewsletterCommand extends Command<void> {
  constructor(readonly subscriberId: string) {
    super();
  }
}

@CommandHandler(SubscribeToNewsletterCommand)
export class SubscribeToNewsletterHandler implements ICommandHandler<SubscribeToNewsletterCommand> {
  constructor(
    private readonly executor: DeciderExecutor,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalDataCipher | null,
  ) {}

  /**
   * An address already subscribed answers as a new one does (nothing is appended): a sign-up
   * form that said "already subscribed" would tell anyone whether an address is on the list.
   */
  async execute({ email }: SubscribeToNewsletterCommand): Promise<Subscription> {
    const subscriberId = await this.subscriberIdOf(email);
    try {
      return await this.subscribe(subscriberId, email);
    } catch (e) {
      if (e instanceof DomainError && e.code === 'NEWSLETTER_ALREADY_SUBSCRIBED') return { subscriberId, email: subscriberEmail(email) };
      throw e;
    }
  }

  private async subscribe(subscriberId: string, email: string): Promise<Subscription> {
    const { state } = await this.executor.execute({
      stream: subscriberStream(subscriberId),
      decider: subscriptionDecider,
      // An address with a stream was never listed in the old stream since (nothing subscribes there any more).
      command: async (_state, loaded) => ({
        type: 'SubscribeToNewsletter' as const,
        data: { subscriberId, email, listedBefore: loaded.revision < 0n && (await this.listedBefore(email)) },
      }),
      commandType: 'SubscribeToNewsletter',
      // Two requests for one address: the second is decided again and refused as a duplicate.
      retries: 1,
    });
    return { subscriberId, email: state.email };
  }

  /**
   * The address's data subject (docs/adr/012): an opaque id found through the key store, so the
   * stream name says nothing about the address. Without a key store (events stored as written,
   * the benchmarks' baseline) the id derived from the address, as before.
   */
  private async subscriberIdOf(email: string): Promise<string> {
    const address = normaliseEmail(typeof email === 'string' ? email : '');
    if (!this.personalData || address.length === 0) return newsletterSubscriberId(email);
    return (await this.personalData.keys.subjectFor('email', address)).subjectId;
  }

  /**
   * Whether the address is subscribed in the `newsletter` stream. That stream no longer grows
   * with subscriptions (only the unsubscribing of its own), and its load is bounded by snapshots.
   */
  private async listedBefore(email: string): Promise<boolean> {
    const address = normaliseEmail(typeof email === 'string' ? email : '');
    // A subscription made before stream names were subject ids, in a log not yet rewritten
    // (`npm run projector -- protect-personal-data` renames these streams).
    const derived = subscriberStream(newsletterSubscriberId(address));
    if (this.personalData && (await this.executor.load(derived, subscriptionDecider)).state.subscribed) return true;
    const { state } = await this.executor.load(newsletterStream(), newsletterDecider);
    return state.subscribers.some((s) => s.email === address);
  }
}

@CommandHandler(UnsubscribeFromNewsletterCommand)
export class UnsubscribeFromNewsletterHandler implements ICommandHandler<UnsubscribeFromNewsletterCommand> {
  constructor(private readonly executor: DeciderExecutor) {}

  /** A subscriber without a stream of its own is one of the `newsletter` stream (or unknown there: 404). */
  async execute({ subscriberId }: UnsubscribeFromNewsletterCommand): Promise<void> {
    const command = { type: 'UnsubscribeFromNewsletter' as const, data: { subscriberId } };
    const own = subscriberStream(subscriberId);
    if ((await this.executor.load(own, subscriptionDecider)).revision >= 0n) {
      await this.executor.execute({ stream: own, decider: subscriptionDecider, command, retries: 1 });
    } else {
      await this.executor.execute({ stream: newsletterStream(), decider: newsletterDecider, command, retries: 3 });
    }
  }
}
