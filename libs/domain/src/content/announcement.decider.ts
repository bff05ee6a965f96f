/**
 * The banner text on every public page (`announcement`), in the default language (English) and in
 * Arabic; a storefront shows its language's text, else the other's; both empty hides the banner.
 */
import { assertNever } from '../shared/assert-never.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import type { AnnouncementCommand } from './commands.js';
import type { AnnouncementEvent } from './events.js';

export interface AnnouncementState {
  text: string;
  textAr: string;
}

export const initialAnnouncementState: AnnouncementState = Object.freeze({ text: '', textAr: '' });

/** A banner longer than this breaks the header layout on phones. */
export const MAX_ANNOUNCEMENT_LENGTH = 500;

export function decideAnnouncement(command: AnnouncementCommand, state: AnnouncementState): AnnouncementEvent[] {
  switch (command.type) {
    case 'ChangeAnnouncement': {
      const { text: rawText, textAr: rawArabic } = command.data;
      if (typeof rawText !== 'string') throw DomainError.validation('ANNOUNCEMENT_INVALID', 'Text is required');
      if (rawArabic !== undefined && typeof rawArabic !== 'string') throw DomainError.validation('ANNOUNCEMENT_INVALID', 'Arabic text must be text');
      const text = rawText.trim();
      // Left out: the Arabic text stays as it is (a client that only knows the one text).
      const textAr = rawArabic === undefined ? state.textAr : rawArabic.trim();
      if (text.length > MAX_ANNOUNCEMENT_LENGTH || textAr.length > MAX_ANNOUNCEMENT_LENGTH) {
        throw DomainError.validation('ANNOUNCEMENT_TOO_LONG', `Announcement must be at most ${MAX_ANNOUNCEMENT_LENGTH} characters`);
      }
      return text === state.text && textAr === state.textAr ? [] : [{ type: 'AnnouncementChanged', data: { text, textAr } }];
    }
    default:
      return assertNever(command.type, 'announcement command');
  }
}

export function evolveAnnouncement(_state: AnnouncementState, event: AnnouncementEvent): AnnouncementState {
  switch (event.type) {
    case 'AnnouncementChanged':
      return { text: event.data.text, textAr: event.data.textAr ?? '' };
    default:
      return assertNever(event.type, 'announcement event');
  }
}

export const announcementDecider: Decider<AnnouncementCommand, AnnouncementEvent, AnnouncementState> = {
  decide: decideAnnouncement,
  evolve: evolveAnnouncement,
  initialState: initialAnnouncementState,
};
