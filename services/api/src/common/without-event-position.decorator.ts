import { SetMetadata } from '@nestjs/common';

export const WITHOUT_EVENT_POSITION = 'without-event-position';

/**
 * The answer carries no X-Event-Position even when the command appended: for answers that must
 * read the same whether or not anything was written (a newsletter sign-up must not tell whether
 * the address was already subscribed), and whose caller reads nothing back anyway.
 */
export const WithoutEventPosition = () => SetMetadata(WITHOUT_EVENT_POSITION, true);
