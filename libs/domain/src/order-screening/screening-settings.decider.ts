/** The owner's screening thresholds (`screeningsettings`, one stream): a change records every setting. */
import type { Decider } from '../shared/decider.js';
import type { ChangeOrderScreeningSettings } from './commands.js';
import type { OrderScreeningSettingsChanged } from './events.js';
import { DEFAULT_ORDER_SCREENING_SETTINGS, screeningSettingsOf, validateScreeningSettings, type OrderScreeningSettings } from './screening-settings.js';

const KEYS = Object.keys(DEFAULT_ORDER_SCREENING_SETTINGS) as (keyof OrderScreeningSettings)[];

export const screeningSettingsDecider: Decider<ChangeOrderScreeningSettings, OrderScreeningSettingsChanged, OrderScreeningSettings> = {
  initialState: DEFAULT_ORDER_SCREENING_SETTINGS,
  decide(command, state) {
    const settings = validateScreeningSettings(command.data.settings, state);
    // Saving the form unchanged records nothing.
    if (KEYS.every((k) => settings[k] === state[k])) return [];
    return [{ type: 'OrderScreeningSettingsChanged', data: { settings, by: command.data.by, changedAt: command.data.now } }];
  },
  evolve: (_state, event) => screeningSettingsOf(event.data.settings),
};
