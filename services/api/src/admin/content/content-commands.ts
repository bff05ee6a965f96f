import type { CustomPricingCommand } from '#domain/catalog/commands.js';
import { customPricingDecider } from '#domain/catalog/custom-pricing.decider.js';
import { announcementDecider } from '#domain/content/announcement.decider.js';
import type { AnnouncementCommand, GalleryCommand } from '#domain/content/commands.js';
import { galleryDecider } from '#domain/content/gallery.decider.js';
import { announcementStream, customPricingStream, galleryStream } from '#domain/streams.js';
import { ExecuteDeciderCommand } from '../../common/execute-decider.handler.js';

/*
 * The shop's singleton aggregates (one stream each). Their commands are decided again on a newer
 * state after a concurrent append (retries), which is still right for all of them: a banner text,
 * a price per size, and set-like lists keyed by generated ids. Newsletter subscriptions are one
 * stream per address (newsletter-commands.ts).
 */

export function announcementCommand(command: AnnouncementCommand) {
  return new ExecuteDeciderCommand({ stream: announcementStream(), decider: announcementDecider, command, retries: 2 });
}

export function galleryCommand(command: GalleryCommand) {
  return new ExecuteDeciderCommand({ stream: galleryStream(), decider: galleryDecider, command, retries: 3 });
}

export function customPriceCommand(command: CustomPricingCommand) {
  return new ExecuteDeciderCommand({ stream: customPricingStream(), decider: customPricingDecider, command, retries: 2 });
}
