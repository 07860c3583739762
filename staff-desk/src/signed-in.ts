import type { StaffGrants, StaffMember } from "shared-types";

/** The member a page is for: their session, who they are, and what their role includes. */
export interface SignedIn {
  session: string;
  member: StaffMember;
  grants: StaffGrants;
}
