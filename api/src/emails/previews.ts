import { randomBytes } from "node:crypto";
import type { BusinessDetails } from "shared-types";
import { crmMessage, departmentNotification, failureAlert, visitorConfirmation } from "../delivery/lead-messages.js";
import { alertFor } from "../feeds/feed-service.js";
import { digestMessage } from "../leads/held-enquiries.js";
import { alertEmail, confirmationEmail, searchWords } from "../saved-searches/saved-search-messages.js";
import { calgaryTime, unclaimedLeadsLink } from "../staff/escalation.js";
import type { RenderedEmail } from "./email-layout.js";
import {
  SAMPLE_ALERT_UNITS,
  SAMPLE_FEED_REPORT,
  SAMPLE_FEED_RUN,
  SAMPLE_FLEET_QUOTE_LEAD,
  SAMPLE_HELD,
  SAMPLE_MEMBER_EMAIL,
  SAMPLE_RECEIVED_AT,
  SAMPLE_UNIT_LEAD,
} from "./samples.js";
import { staffInvitationEmail } from "./staff-invitation.js";
import { staffSignInEmail } from "./staff-sign-in.js";
import { unclaimedLeadEmail } from "./unclaimed-lead.js";

// Every email the site sends, as the staff desk previews it: made through the same builders as the real one, from
// the made-up data of samples.ts and the dealership's own details (its name and address are in the footers).

export interface PreviewContext {
  business: BusinessDetails;
  /** The public site's origin: the links in visitors' emails. */
  siteUrl: string;
  /** The staff desk's address: the links in staff emails. */
  deskUrl: string;
  /** A desk sign-in link for a token, as sign-in emails carry it. */
  signInLink: (token: string) => string;
}

/** A made-up token of a link's shape: it opens nothing. */
const SAMPLE_TOKEN = "sample-token-that-opens-nothing-0123456789ab";
const DELIVERY_ID = "sample-delivery";

const context = ({ business, siteUrl }: PreviewContext) => ({ business, siteUrl });
const savedSearchLinks = ({ siteUrl }: PreviewContext) => ({ siteUrl, id: "sample-search", token: SAMPLE_TOKEN });

export const EMAIL_PREVIEWS: Record<string, { title: string; render: (preview: PreviewContext) => RenderedEmail }> = {
  "lead-notification": {
    title: "A new lead, to its department's desk",
    render: (preview) => departmentNotification(SAMPLE_UNIT_LEAD, context(preview), DELIVERY_ID),
  },
  "fleet-quote-notification": {
    title: "A fleet quote request, to the sales desk",
    render: (preview) => departmentNotification(SAMPLE_FLEET_QUOTE_LEAD, context(preview), DELIVERY_ID),
  },
  "crm-lead": {
    title: "A new lead, to the CRM (ADF)",
    render: (preview) => crmMessage(SAMPLE_UNIT_LEAD, context(preview), DELIVERY_ID).message,
  },
  "visitor-confirmation": {
    title: "A fleet quote request, the visitor's copy",
    render: (preview) => visitorConfirmation(SAMPLE_FLEET_QUOTE_LEAD, context(preview), DELIVERY_ID),
  },
  "delivery-failure": {
    title: "A lead not delivered, to operations",
    render: (preview) =>
      failureAlert(
        {
          leadId: SAMPLE_UNIT_LEAD.id,
          channel: "crm-email",
          attempts: 8,
          error: "421 4.7.0 Try again later",
          department: "sales",
        },
        context(preview),
      ),
  },
  "saved-search-confirmation": {
    title: "A saved search: confirm the address",
    render: (preview) =>
      confirmationEmail("sam.sample@example.com", "Isuzu, Diesel", savedSearchLinks(preview), preview.business),
  },
  "saved-search-alert": {
    title: "A saved search: new matches and price drops",
    render: (preview) =>
      alertEmail(
        "sam.sample@example.com",
        searchWords("box truck", "Isuzu, Diesel"),
        SAMPLE_ALERT_UNITS,
        2,
        { ...savedSearchLinks(preview), searchUrl: `${preview.siteUrl}/inventory`, lapsesOn: "May 24, 2027" },
        preview.business,
      ),
  },
  "held-digest": {
    title: "Held enquiries (possible spam), to the sales desk",
    render: (preview) =>
      // a throwaway secret: the sample's release link opens nothing
      digestMessage([SAMPLE_HELD], {
        business: preview.business,
        staffUrl: preview.deskUrl,
        secret: randomBytes(32),
        deskUrl: preview.deskUrl,
      }),
  },
  "feed-report": {
    title: "A feed's rejected rows, to the sales desk",
    render: () => {
      const email = alertFor(SAMPLE_FEED_RUN, SAMPLE_FEED_REPORT);
      if (!email) throw new Error("the sample run rejects a row: it needs a person");
      return email;
    },
  },
  "unclaimed-lead": {
    title: "A lead nobody claimed, to the department's manager",
    render: (preview) =>
      unclaimedLeadEmail({
        department: "sales",
        minutes: 60,
        formTitle: "Contact Us",
        name: "Sam Sample",
        received: calgaryTime(SAMPLE_RECEIVED_AT),
        deskLink: unclaimedLeadsLink(preview.deskUrl),
      }),
  },
  "staff-sign-in": {
    title: "A sign-in link, to a member of staff",
    render: (preview) =>
      staffSignInEmail({ why: "You asked for a link to sign in.", link: preview.signInLink(SAMPLE_TOKEN) }),
  },
  "staff-invitation": {
    title: "An invitation to the staff desk",
    render: (preview) =>
      staffInvitationEmail({ invitedBy: SAMPLE_MEMBER_EMAIL, link: preview.signInLink(SAMPLE_TOKEN) }),
  },
};
