/** Admin user commands; the password hash arrives in the command (the domain does no I/O or hashing). */
import type { DomainCommand } from '../shared/event.js';

export type RegisterAdminUser = DomainCommand<'RegisterAdminUser', { username: string; passwordHash: string }>;
export type ChangeAdminPassword = DomainCommand<'ChangeAdminPassword', { username: string; passwordHash: string }>;

export type AdminUserCommand = RegisterAdminUser | ChangeAdminPassword;
export type AdminCommand = AdminUserCommand;
