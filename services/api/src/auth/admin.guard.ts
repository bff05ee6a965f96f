import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { setActor } from '../common/request-context.js';
import { AdminTokenService, type AdminPrincipal } from './admin-token.service.js';

export type AdminRequest = Request & { admin?: AdminPrincipal };

export function bearerToken(req: Request): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m?.[1];
}

/**
 * Role ADMIN enforced on the server: 401 without a valid token. On success the request acts as
 * that admin (events name them) and the answer carries a renewed token, so the session lasts
 * 30 minutes from the last activity rather than from login.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly tokens: AdminTokenService) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const req = http.getRequest<AdminRequest>();
    const token = bearerToken(req);
    if (!token) throw new UnauthorizedException('Authentication required');
    const principal = this.tokens.verify(token);
    if (!principal) throw new UnauthorizedException('Invalid or expired token');
    req.admin = principal;
    setActor({ kind: 'admin', id: principal.username });
    http.getResponse<Response>().setHeader('X-Renewed-Token', this.tokens.sign(principal));
    return true;
  }
}
