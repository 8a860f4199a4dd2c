/**
 * The routes that make the lifecycle's moves allow exactly the staff roles the table says may
 * make them (the route's row refuses the others before the handler; the use-case asks the table).
 */
import { describe, expect, it } from 'vitest';
import { LIFECYCLE, transition, type Transition } from '#domain/lifecycle/table';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '#form/wire/roles';
import { route } from '#lambdas/routes';

const staffOf = (rows: readonly Transition[]): StaffRole[] => STAFF_ROLES.filter((role) => rows.some((r) => r.by.filter(isStaffRole).includes(role)));
const decisionRows = (LIFECYCLE as readonly Transition[]).filter((r) => r.decision);

describe('the routes of the lifecycle', () => {
  it("allow the roles of the table's rows they make", () => {
    expect(route('saveReview').roles).toEqual(staffOf([transition('review')]));
    expect(route('recordDecision').roles).toEqual(staffOf(decisionRows));
    expect(route('recordDecisions').roles).toEqual(staffOf(decisionRows.filter((r) => r.decision?.bulk)));
    expect(route('scheduleRelease').roles).toEqual(staffOf([transition('release')]));
  });
});
