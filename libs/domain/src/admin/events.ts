/** Admin user events (`admin-<username>`). Hashes are made by the API (argon2), never here. */
import type { DomainEvent } from '../shared/event.js';

export type AdminRole = 'ADMIN';

export type AdminUserRegistered = DomainEvent<'AdminUserRegistered', { username: string; passwordHash: string; role: AdminRole }>;
export type AdminPasswordChanged = DomainEvent<'AdminPasswordChanged', { username: string; passwordHash: string }>;
/**
 * Every token issued to this admin before now stops working: tokens carry the session
 * generation they were issued under and the API refuses any other than the current one. Kept
 * in the stream (not in process memory) so every replica, and a restarted one, agrees.
 */
export type AdminSessionsRevoked = DomainEvent<'AdminSessionsRevoked', { username: string; generation: number; reason: AdminSessionEndReason }>;
export type AdminSessionEndReason = 'logout' | 'password-changed';

export type AdminUserEvent = AdminUserRegistered | AdminPasswordChanged | AdminSessionsRevoked;
export type AdminEvent = AdminUserEvent;

const adminUserEventTypes: Record<AdminUserEvent['type'], true> = {
  AdminUserRegistered: true,
  AdminPasswordChanged: true,
  AdminSessionsRevoked: true,
};

export const ADMIN_EVENT_TYPES = Object.keys(adminUserEventTypes) as AdminUserEvent['type'][];
