import { adminOperations, permissionProblems, type PermissionDocument } from './operation-permissions.js';

const bearer = [{ bearer: [] }];

describe('permissions in the OpenAPI document', () => {
  it('fails a staff route that names no permission, an unknown one, or stale roles', () => {
    const doc: PermissionDocument = {
      paths: {
        '/api/admin/a': { get: { security: bearer } },
        '/api/admin/b': { get: { security: bearer, 'x-permission': 'root', 'x-roles': ['owner'] } },
        '/api/admin/c': { get: { security: bearer, 'x-permission': 'staff.manage', 'x-roles': ['owner', 'agent'] } },
        '/api/public/d': { get: {} },
      },
    };
    expect(permissionProblems(doc)).toEqual([
      expect.stringMatching(/^GET \/api\/admin\/a: no x-permission/),
      expect.stringMatching(/^GET \/api\/admin\/b: no x-permission/),
      'GET /api/admin/c: x-roles ["owner","agent"] is not ["owner"]',
    ]);
  });

  it('lists the staff operations with their permission, and no public one', () => {
    const doc: PermissionDocument = {
      paths: {
        '/api/admin/orders': { get: { operationId: 'getAdminOrders', security: bearer, 'x-permission': 'orders.read', 'x-roles': ['owner', 'manager', 'agent', 'shipping'] } },
        '/api/public/d': { get: { operationId: 'getD' } },
      },
    };
    expect(permissionProblems(doc)).toEqual([]);
    expect(adminOperations(doc)).toEqual([{ method: 'get', path: '/api/admin/orders', operationId: 'getAdminOrders', permission: 'orders.read' }]);
  });
});
