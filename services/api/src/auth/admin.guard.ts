import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { can, isPermission, type Permission } from '#domain/admin/staff-permissions.js';
import { setActor } from '../common/request-context.js';
import { PERMISSION_METADATA } from './admin-only.decorator.js';
import { AdminSessionsService } from './admin-sessions.service.js';
import { AdminTokenService, type AdminPrincipal } from './admin-token.service.js';
import { StaffSessionsRepository } from './staff-sessions.repository.js';

export type AdminRequest = Request & { admin?: AdminPrincipal };

export const RENEWED_TOKEN_HEADER = 'X-Renewed-Token';

export function bearerToken(req: Request): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m?.[1];
}

/**
 * Staff sign-in and roles enforced on the server: 401 without a valid token, or with one whose
 * session was ended: all of a member's at once (logout, password change, disabled account: the
 * admin's stream holds the current session generation), or this one alone (ended from the sessions
 * page: its row in staff_auth.sessions, read on every request, docs/adr/016). On
 * success the request acts as that admin (events name them) and the answer carries a renewed
 * token of the same generation, so the session lasts 30 minutes from the last activity rather
 * than from login, and renewing never outlives a logout.
 *
 * Then the permission the route names (@AdminOnly / @Requires) must be one the staff member's
 * current role holds, else 403; a route naming none is refused to everyone (fail closed).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly tokens: AdminTokenService,
    private readonly sessions: AdminSessionsService,
    private readonly signIns: StaffSessionsRepository,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(PERMISSION_METADATA, [context.getHandler(), context.getClass()]);
    return this.admit(http.getRequest<AdminRequest>(), http.getResponse<Response>(), permission);
  }

  /**
   * The same checks for a route open to everyone that shows more to staff holding `permission`
   * (GET /health's figures): it throws as the guard would, and the route answers its public part.
   */
  async admit(req: AdminRequest, res: Response, permission: Permission | undefined): Promise<true> {
    const token = bearerToken(req);
    if (!token) throw new UnauthorizedException('Authentication required');
    const principal = this.tokens.verify(token);
    if (!principal) throw new UnauthorizedException('Invalid or expired token');
    // Every token of a sign-in names its session; one without (made before sessions had rows) is over.
    if (!principal.sessionId) throw new UnauthorizedException('Session ended; please sign in again');
    const [session, signIn] = await Promise.all([this.sessions.current(principal.username), this.signIns.check(principal.sessionId)]);
    // A deleted or never-registered admin, or a token from before the last logout/password change.
    if (!session.exists || session.generation !== (principal.sessionGeneration ?? 0)) throw new UnauthorizedException('Session ended; please sign in again');
    // Ended on the sessions page (by the member or an owner), or a session of someone else.
    if (!signIn || signIn.ended || signIn.username !== principal.username) throw new UnauthorizedException('This session was ended; please sign in again');
    if (session.disabled) throw new UnauthorizedException('This account is disabled');
    // The role comes from the stream, never the token: a role change counts from the next request.
    const admin: AdminPrincipal = { ...principal, staffRole: session.role };
    req.admin = admin;
    setActor({ kind: 'admin', id: principal.username });
    res.setHeader(RENEWED_TOKEN_HEADER, this.tokens.sign(admin));
    if (!isPermission(permission)) throw new ForbiddenException('This route names no permission, so no role may use it');
    if (session.mustChangePassword && permission !== 'session.self') {
      throw new ForbiddenException('Change your one-time password before anything else');
    }
    if (signIn.mustEnrolTwoFactor && permission !== 'session.self') {
      throw new ForbiddenException('Set up two-factor sign-in before anything else');
    }
    if (!can(session.role, permission)) throw new ForbiddenException(`Your role (${session.role}) may not do this: it needs the permission ${permission}`);
    return true;
  }
}
