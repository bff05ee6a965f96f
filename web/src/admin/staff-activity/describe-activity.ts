import type { StaffActivityView } from '../../api/generated-admin';
import { formatAdminDate } from '../shared/format-date';
import { statusName } from '../shared/names';

const text = (value: unknown) => (typeof value === 'string' && value ? value : '?');

/** One line saying what a staff member did, from the row's type and details (never customer data: the API has none). */
export function describeActivity(row: Pick<StaffActivityView, 'type' | 'member' | 'details'>): string {
  const d = row.details ?? {};
  const member = row.member ?? '?';
  switch (row.type) {
    case 'OrderStatusChanged':
      return `${d.correction === true ? 'Corrected status' : 'Status'} ${statusName(text(d.from))} → ${statusName(text(d.to))}`;
    case 'PersonalDataCorrected':
      return `Corrected customer details (${Array.isArray(d.fields) ? d.fields.join(', ') : ''})`;
    case 'OrderEdited':
      return `Edited the order (${Array.isArray(d.fields) ? d.fields.join(', ') : ''})`;
    case 'OrderNoteAdded':
      return 'Added a staff note';
    case 'AdminUserRegistered':
      return 'Registered as the first owner';
    case 'StaffMemberCreated':
      return `Created ${member} as ${text(d.role)}`;
    case 'StaffRoleChanged':
      return `Changed the role of ${member}: ${text(d.previousRole)} → ${text(d.role)}`;
    case 'StaffMemberDisabled':
      return `Disabled ${member}`;
    case 'StaffMemberEnabled':
      return `Enabled ${member}`;
    case 'StaffPasswordReset':
      return `Reset the password of ${member}`;
    case 'StaffTwoFactorEnabled':
      return 'Turned on two-factor sign-in';
    case 'StaffTwoFactorReset':
      return `Reset the two-factor sign-in of ${member}`;
    case 'StaffTwoFactorLockedOut':
      return `Two-factor codes locked after 5 wrong ones, until ${formatAdminDate(text(d.until))}: someone may hold the password`;
    case 'AdminPasswordChanged':
      return 'Changed their own password';
    case 'AdminSessionsRevoked':
      return 'Signed out';
    default:
      return row.type;
  }
}
