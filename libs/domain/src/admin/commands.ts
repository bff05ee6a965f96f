/** Admin user commands; the password hash arrives in the command (the domain does no I/O or hashing). */
import type { DomainCommand } from '../shared/event.js';

export type RegisterAdminUser = DomainCommand<'RegisterAdminUser', { username: string; passwordHash: string }>;
/** Also ends every session of the admin: whoever held a token may have been the reason for the change. */
export type ChangeAdminPassword = DomainCommand<'ChangeAdminPassword', { username: string; passwordHash: string }>;
/** Logout: ends every session of the admin, on every device. */
export type RevokeAdminSessions = DomainCommand<'RevokeAdminSessions', { username: string }>;

export type AdminUserCommand = RegisterAdminUser | ChangeAdminPassword | RevokeAdminSessions;
export type AdminCommand = AdminUserCommand;
