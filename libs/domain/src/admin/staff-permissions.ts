/**
 * The one map of what each staff role may do. The API's guard, the OpenAPI document's
 * `x-permission` of every admin operation, the role matrix test and the web's navigation all read
 * it, so a role can never see a link the server refuses, or be refused a page it was shown.
 * Least privilege: a permission nobody listed here belongs to the owner alone.
 */
import type { OrderStatus } from '../order/events.js';

export const STAFF_ROLES = ['owner', 'manager', 'agent', 'shipping'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Every permission, with what it opens (shown to the owner on the staff page). */
export const PERMISSIONS = {
  'session.self': 'Sign out and change one’s own password',
  'live.read': 'Live updates of the pages one may open',
  'staff.manage': 'Staff accounts: create, disable, enable, change role, reset password',
  'staff.activity': 'Staff activity: what each staff member did to accounts and orders, and when',
  'settings.manage': 'Announcement banner and gallery',
  'projections.manage': 'Projections: status, retry, rebuild',
  'metrics.read': 'Server metrics',
  'customers.read': 'Customer list and newsletter subscribers (personal data)',
  'personalData.manage': 'Erase a person’s personal data and download everything the shop holds about them',
  'catalogue.read': 'Posters, categories and poster images',
  'catalogue.manage': 'Create, edit, hide, delete and recover posters and add-on products',
  'prices.manage': 'Custom-poster prices',
  'promotions.manage': 'Category discounts and promo codes',
  'orders.read': 'Orders, their history and the call-to-confirm queue',
  'orders.status': 'Change an order’s status (which statuses: orders.confirm, orders.ship)',
  'orders.confirm': 'Confirm, cancel or re-open an order',
  'orders.ship': 'Mark an order shipped, delivered, refused or received back',
  'orders.edit': 'Edit an order before it ships: the customer’s contact and address, its lines',
  'orders.notes': 'Write staff notes on an order',
  'orders.export': 'Orders as CSV',
  'orders.return': 'Record a delivered order’s return (whole or by lines) and the refund handed back',
  'couriers.manage': 'Couriers: add them, rename them, set their tracking links',
  'couriers.settle': 'Import a courier’s status and settlement file (orders delivered or refused, cash collected and paid)',
  'paperwork.print': 'Packing slips, parcel labels and the daily courier manifest (personal data on paper)',
  'exports.run': 'Background exports and their files',
  'dashboard.read': 'Dashboard and delivery statistics',
  'analytics.read': 'Funnel, what-if promotions and the event browser',
  'orderScreening.manage': 'Fake-order defence: blocked phones, and the thresholds for review, duplicates and large first orders',
  'messages.read': 'Messages to customers: what was sent, held or failed, and their text (personal data)',
  'messages.retry': 'Send a failed message to a customer again',
  'messages.templates': 'Edit the wording of e-mails and text messages to customers',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}

const EVERY_STAFF: readonly Permission[] = ['session.self', 'live.read', 'catalogue.read', 'orders.read', 'orders.status'];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<Permission>>> = {
  owner: new Set(ALL_PERMISSIONS),
  manager: new Set<Permission>([
    ...EVERY_STAFF,
    'catalogue.manage',
    'prices.manage',
    'promotions.manage',
    'orders.confirm',
    'orders.ship',
    'orders.edit',
    'orders.notes',
    'orders.export',
    'paperwork.print',
    'couriers.settle',
    'orders.return',
    'exports.run',
    'dashboard.read',
    'analytics.read',
    'messages.read',
    'messages.retry',
    'messages.templates',
  ]),
  // The call centre sees whether a shopper was told (the confirmation they are asked about); a
  // retry may repeat a text message whose first try's fate is unknown, which a manager decides.
  agent: new Set<Permission>([...EVERY_STAFF, 'orders.confirm', 'orders.edit', 'orders.notes', 'messages.read']),
  shipping: new Set<Permission>([...EVERY_STAFF, 'orders.ship', 'orders.notes', 'paperwork.print']),
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => can(role, permission));
}

/**
 * Moving an order is one operation; who may make a move depends on where it goes: the call
 * centre confirms and cancels, the packer reports what happened to the parcel.
 */
export function permissionToMoveOrderTo(status: OrderStatus): Permission {
  return status === 'SHIPPED' || status === 'DELIVERED' || status === 'REFUSED' || status === 'RETURNED' ? 'orders.ship' : 'orders.confirm';
}
