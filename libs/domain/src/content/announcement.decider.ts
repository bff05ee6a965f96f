/** The banner text on every public page (`announcement`); empty text hides the banner. */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { AnnouncementCommand } from './commands.js';
import type { AnnouncementEvent } from './events.js';

export interface AnnouncementState {
  text: string;
}

export const initialAnnouncementState: AnnouncementState = Object.freeze({ text: '' });

/** A banner longer than this breaks the header layout on phones. */
export const MAX_ANNOUNCEMENT_LENGTH = 500;

export function decideAnnouncement(command: AnnouncementCommand, state: AnnouncementState): AnnouncementEvent[] {
  switch (command.type) {
    case 'ChangeAnnouncement': {
      if (typeof command.data.text !== 'string') throw DomainError.validation('ANNOUNCEMENT_INVALID', 'Text is required');
      const text = command.data.text.trim();
      if (text.length > MAX_ANNOUNCEMENT_LENGTH) {
        throw DomainError.validation('ANNOUNCEMENT_TOO_LONG', `Announcement must be at most ${MAX_ANNOUNCEMENT_LENGTH} characters`);
      }
      return text === state.text ? [] : [{ type: 'AnnouncementChanged', data: { text } }];
    }
    default:
      return assertNever(command.type, 'announcement command');
  }
}

export function evolveAnnouncement(_state: AnnouncementState, event: AnnouncementEvent): AnnouncementState {
  switch (event.type) {
    case 'AnnouncementChanged':
      return { text: event.data.text };
    default:
      return assertNever(event.type, 'announcement event');
  }
}

export const announcementDecider: Decider<AnnouncementCommand, AnnouncementEvent, AnnouncementState> = {
  decide: decideAnnouncement,
  evolve: evolveAnnouncement,
  initialState: initialAnnouncementState,
};
