import { BadRequestException } from '@nestjs/common';
import { parseDateBound } from '../shared/date-bounds.js';
import type { StaffActivityFilters } from '../../reads/staff-activity.reads.js';

/** As sign-in reads a username: longer is nobody's. */
const MAX_USERNAME = 100;

/** staff, from, to from the query string; anything malformed is a 400 naming the field. */
export function parseStaffActivityFilters(query: Record<string, unknown>): StaffActivityFilters {
  const filters: StaffActivityFilters = { from: parseDateBound(query.from, 'from'), to: parseDateBound(query.to, 'to') };
  const staff = query.staff;
  if (staff !== undefined && staff !== '') {
    if (typeof staff !== 'string' || staff.trim() === '' || staff.length > MAX_USERNAME) throw new BadRequestException(`staff must be a staff member's username (at most ${MAX_USERNAME} characters)`);
    filters.staff = staff.trim();
  }
  if (filters.from && filters.to && 'instant' in filters.from && 'instant' in filters.to && filters.from.instant > filters.to.instant) {
    throw new BadRequestException('to must not be before from');
  }
  if (filters.from && filters.to && 'date' in filters.from && 'date' in filters.to && filters.from.date > filters.to.date) {
    throw new BadRequestException('to must not be before from');
  }
  return filters;
}
