import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CustomPricingCommand } from '#domain/catalog/commands.js';
import { customPricingDecider, type CustomPricingState } from '#domain/catalog/custom-pricing.decider.js';
import { announcementDecider, type AnnouncementState } from '#domain/content/announcement.decider.js';
import type { AnnouncementCommand, GalleryCommand, NewsletterCommand } from '#domain/content/commands.js';
import { galleryDecider, type GalleryState } from '#domain/content/gallery.decider.js';
import { newsletterDecider, type NewsletterState } from '#domain/content/newsletter.decider.js';
import { announcementStream, customPricingStream, galleryStream, newsletterStream } from '#domain/streams.js';
import { DeciderExecutor } from '../../common/decider-executor.service.js';

/*
 * The shop's singleton aggregates (one stream each). Their commands are decided again on a newer
 * state after a concurrent append (retries), which is still right for all of them: a banner text,
 * a price per size, and set-like lists keyed by generated ids.
 */

export class ChangeAnnouncementCommand extends Command<{ state: AnnouncementState }> {
  constructor(readonly command: AnnouncementCommand) {
    super();
  }
}

@CommandHandler(ChangeAnnouncementCommand)
export class ChangeAnnouncementHandler implements ICommandHandler<ChangeAnnouncementCommand> {
  constructor(private readonly executor: DeciderExecutor) {}
  async execute(c: ChangeAnnouncementCommand) {
    const { state } = await this.executor.execute({ stream: announcementStream(), decider: announcementDecider, command: c.command, retries: 2 });
    return { state };
  }
}

export class ExecuteNewsletterCommand extends Command<{ state: NewsletterState }> {
  constructor(readonly command: NewsletterCommand) {
    super();
  }
}

@CommandHandler(ExecuteNewsletterCommand)
export class ExecuteNewsletterHandler implements ICommandHandler<ExecuteNewsletterCommand> {
  constructor(private readonly executor: DeciderExecutor) {}
  async execute(c: ExecuteNewsletterCommand) {
    const { state } = await this.executor.execute({ stream: newsletterStream(), decider: newsletterDecider, command: c.command, retries: 3 });
    return { state };
  }
}

export class ExecuteGalleryCommand extends Command<{ state: GalleryState }> {
  constructor(readonly command: GalleryCommand) {
    super();
  }
}

@CommandHandler(ExecuteGalleryCommand)
export class ExecuteGalleryHandler implements ICommandHandler<ExecuteGalleryCommand> {
  constructor(private readonly executor: DeciderExecutor) {}
  async execute(c: ExecuteGalleryCommand) {
    const { state } = await this.executor.execute({ stream: galleryStream(), decider: galleryDecider, command: c.command, retries: 3 });
    return { state };
  }
}

export class SetCustomPriceCommand extends Command<{ state: CustomPricingState }> {
  constructor(readonly command: CustomPricingCommand) {
    super();
  }
}

@CommandHandler(SetCustomPriceCommand)
export class SetCustomPriceHandler implements ICommandHandler<SetCustomPriceCommand> {
  constructor(private readonly executor: DeciderExecutor) {}
  async execute(c: SetCustomPriceCommand) {
    const { state } = await this.executor.execute({ stream: customPricingStream(), decider: customPricingDecider, command: c.command, retries: 2 });
    return { state };
  }
}

export const CONTENT_HANDLERS = [ChangeAnnouncementHandler, ExecuteNewsletterHandler, ExecuteGalleryHandler, SetCustomPriceHandler];
