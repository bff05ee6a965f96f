import type { CustomPricingCommand } from '#domain/catalog/commands.js';
import { customPricingDecider } from '#domain/catalog/custom-pricing.decider.js';
import { announcementDecider } from '#domain/content/announcement.decider.js';
import type { AnnouncementCommand } from '#domain/content/commands.js';
import { announcementStream, customPricingStream } from '#domain/streams.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';

/*
 * The shop's singleton aggregates (one stream each). Their commands are decided again on a newer
 * state after a concurrent append (retries), which is still right for both: a banner text and a
 * price per size. The gallery's are in uploads/gallery-commands.ts; newsletter subscriptions are
 * one stream per address (newsletter-commands.ts).
 */

export function announcementCommand(command: AnnouncementCommand) {
  return new ExecuteDeciderCommand({ stream: announcementStream(), decider: announcementDecider, command, retries: 2 });
}

export function customPriceCommand(command: CustomPricingCommand) {
  return new ExecuteDeciderCommand({ stream: customPricingStream(), decider: customPricingDecider, command, retries: 2 });
}
