import type { GalleryCommand } from '#domain/content/commands.js';
import { galleryDecider } from '#domain/content/gallery.decider.js';
import { galleryStream } from '#domain/streams.js';
import { ExecuteDeciderCommand } from '../common/execute-decider.handler.js';

/**
 * The gallery, one stream. Its commands are decided again on a newer state after a concurrent
 * append (retries): still right for a set-like list keyed by generated ids.
 */
export function galleryCommand(command: GalleryCommand) {
  return new ExecuteDeciderCommand({ stream: galleryStream(), decider: galleryDecider, command, retries: 3 });
}
