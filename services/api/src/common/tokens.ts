/** Injection tokens shared by every API module (the read DataSource is injected by its class, DataSource). */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const APP_CONFIG = Symbol('APP_CONFIG');
export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');
/** The event store's PersonalDataCipher (docs/adr/012), or null when events are stored as written. */
export const PERSONAL_DATA = Symbol('PERSONAL_DATA');
