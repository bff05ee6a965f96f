import { isPermission, rolesWith, type Permission } from '#domain/admin/staff-permissions.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

interface PermissionedOperation {
  operationId?: string;
  security?: unknown[];
  'x-permission'?: unknown;
  'x-roles'?: unknown;
}

export interface PermissionDocument {
  paths: Record<string, Partial<Record<string, PermissionedOperation>>>;
}

/** An operation that needs a staff sign-in, and the permission the document gives it. */
export interface AdminOperation {
  method: HttpMethod;
  /** As in the document: /api/... with {name} placeholders. */
  path: string;
  operationId: string;
  permission: Permission;
}

function isAdminOperation(op: PermissionedOperation): boolean {
  return Array.isArray(op.security) && op.security.length > 0;
}

/**
 * Every operation that takes a staff token must name a permission of the one map, and list the
 * roles the map gives it: a route added without one, or with a stale role list, fails the build.
 */
export function permissionProblems(doc: PermissionDocument): string[] {
  const problems: string[] = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op || !isAdminOperation(op)) continue;
      const where = `${method.toUpperCase()} ${route}`;
      const permission = op['x-permission'];
      if (!isPermission(permission)) {
        problems.push(`${where}: no x-permission of the staff permission map (put @AdminOnly('<permission>') or @Requires on it)`);
        continue;
      }
      const expected = rolesWith(permission);
      if (JSON.stringify(op['x-roles']) !== JSON.stringify(expected)) problems.push(`${where}: x-roles ${JSON.stringify(op['x-roles'])} is not ${JSON.stringify(expected)}`);
    }
  }
  return problems;
}

/** The document's staff operations in document order (the role matrix walks these). */
export function adminOperations(doc: PermissionDocument): AdminOperation[] {
  const ops: AdminOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op || !isAdminOperation(op)) continue;
      const permission = op['x-permission'];
      if (!isPermission(permission)) throw new Error(`${method.toUpperCase()} ${path} names no permission`);
      ops.push({ method, path, operationId: op.operationId ?? '', permission });
    }
  }
  return ops;
}
