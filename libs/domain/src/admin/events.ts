/** Admin user events (`admin-<username>`). Hashes are made by the API (argon2), never here. */
import type { DomainEvent } from '../shared/event.js';

export type AdminRole = 'ADMIN';

export type AdminUserRegistered = DomainEvent<'AdminUserRegistered', { username: string; passwordHash: string; role: AdminRole }>;
export type AdminPasswordChanged = DomainEvent<'AdminPasswordChanged', { username: string; passwordHash: string }>;

export type AdminUserEvent = AdminUserRegistered | AdminPasswordChanged;
export type AdminEvent = AdminUserEvent;

const adminUserEventTypes: Record<AdminUserEvent['type'], true> = {
  AdminUserRegistered: true,
  AdminPasswordChanged: true,
};

export const ADMIN_EVENT_TYPES = Object.keys(adminUserEventTypes) as AdminUserEvent['type'][];
