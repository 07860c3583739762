import type { StaffMember } from "shared-types";

/** The member a page is for: their session and who they are (what their role includes: shared-types `allows`). */
export interface SignedIn {
  session: string;
  member: StaffMember;
}
