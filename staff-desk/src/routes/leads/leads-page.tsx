import {
  DEPARTMENT_NAMES,
  formatDealershipTime,
  LEAD_FORMS,
  type LeadFormId,
  type LedgerLead,
  type SpeedToLead,
} from "shared-types";
import { z } from "zod";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice, ScrollingTable } from "../../ui/layout.js";

const emailSchema = z.email();
/** A form as staff know it ("Contact Us"); a form the site no longer has, by its id. */
const formTitle = (form: string) => LEAD_FORMS[form as LeadFormId]?.title ?? form;
/** A reply link only for an address that is one: "pat@example.com?cc=someone@else" is shown, never linked. */
const mailtoOf = (email: string) => (emailSchema.safeParse(email).success ? `mailto:${email}` : null);
/** A call link of the digits and plus sign a dialler reads; the phone as typed is what is shown. */
const telOf = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, "");
  return digits.replace(/\D/g, "").length >= 7 ? `tel:${digits}` : null;
};

/** Minutes as a desk reads them: "45 min", "3 h 10 min". */
const duration = (minutes: number | null) => {
  if (minutes === null) return "none yet";
  const whole = Math.round(minutes);
  return whole < 60 ? `${whole} min` : `${Math.floor(whole / 60)} h ${whole % 60} min`;
};

const STATES = [
  ["", "All"],
  ["unclaimed", "Not claimed"],
  ["claimed", "Claimed, not yet contacted"],
  ["contacted", "Contacted"],
] as const;

/** The leads ledger: each lead, its deliveries, who claimed it and when it was answered; claim and mark contacted. */
export function LeadsPage({
  signedIn,
  leads,
  speed,
  query,
  notice,
}: {
  signedIn: SignedIn;
  leads: LedgerLead[];
  speed: SpeedToLead[];
  query: { state?: string; q?: string };
  notice?: NoticeProps;
}) {
  const back = new URLSearchParams(Object.entries(query).filter(([, value]) => value) as [string, string][]);
  const returnTo = `/leads${back.size > 0 ? `?${back}` : ""}`;
  return (
    <Layout title="Leads" signedIn={signedIn}>
      <PageNotice notice={notice} />
      <h2 className="desk-subheading">Speed to lead, last 30 days</h2>
      <p className="desk-hint">From a lead's arrival to its being marked contacted.</p>
      <ScrollingTable label="Speed to lead">
        <thead>
          <tr>
            <th scope="col">Department</th>
            <th scope="col">Leads</th>
            <th scope="col">Contacted</th>
            <th scope="col">Median</th>
            <th scope="col">90th percentile</th>
          </tr>
        </thead>
        <tbody>
          {speed.map((row) => (
            <tr key={row.department}>
              <th scope="row">{DEPARTMENT_NAMES[row.department]}</th>
              <td>{row.leads}</td>
              <td>{row.contacted}</td>
              <td>{duration(row.median_minutes)}</td>
              <td>{duration(row.p90_minutes)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      <form method="get" action="/leads" className="desk-filters">
        <label htmlFor="desk-q">Name, email or phone</label>
        <input id="desk-q" name="q" type="search" defaultValue={query.q ?? ""} />
        <label htmlFor="desk-state">Show</label>
        <select id="desk-state" name="state" defaultValue={query.state ?? ""}>
          {STATES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit">Filter</button>
      </form>
      <p>
        <a href={`/leads.csv${back.size > 0 ? `?${back}` : ""}`} download>
          Download these leads (CSV)
        </a>
      </p>
      {leads.length === 0 ? (
        <p>No leads match.</p>
      ) : (
        <ul className="desk-leads">
          {leads.map((lead) => (
            <li key={lead.id} className="desk-lead" data-lead-id={lead.id}>
              <h2>
                {lead.name || "(no name)"} <span className="desk-lead__form">{formTitle(lead.form)}</span>
              </h2>
              <dl>
                <dt>Department</dt>
                <dd>{DEPARTMENT_NAMES[lead.department]}</dd>
                <dt>Received</dt>
                <dd>{formatDealershipTime(lead.received_at)}</dd>
                <dt>Email</dt>
                <dd>
                  <Contact text={lead.email} href={mailtoOf(lead.email)} />
                </dd>
                <dt>Phone</dt>
                <dd>
                  <Contact text={lead.phone} href={telOf(lead.phone)} />
                </dd>
                <dt>Delivered</dt>
                <dd>
                  {lead.deliveries.length === 0 ? (
                    "not yet"
                  ) : (
                    <ul className="desk-deliveries">
                      {lead.deliveries.map((d) => (
                        <li key={d.channel}>
                          {d.channel}: {d.status}
                          {d.delivered_at ? `, ${formatDealershipTime(d.delivered_at)}` : ""}
                          {d.receipt ? <span className="desk-receipt"> (receipt: {d.receipt})</span> : null}
                          {d.last_error ? ` (${d.last_error})` : ""}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
                <dt>Claimed</dt>
                <dd>
                  {lead.claimed_by ? `by ${lead.claimed_by}, ${formatDealershipTime(lead.claimed_at)}` : "nobody yet"}
                </dd>
                <dt>Contacted</dt>
                <dd>{lead.contacted_at ? formatDealershipTime(lead.contacted_at) : "not yet"}</dd>
                {lead.escalated_at ? (
                  <>
                    <dt>Escalated</dt>
                    <dd>
                      {formatDealershipTime(lead.escalated_at)}: nobody had claimed it in time; its manager was told
                    </dd>
                  </>
                ) : null}
              </dl>
              <div className="desk-lead__actions">
                {!lead.claimed_by ? (
                  <form method="post" action={`/leads/${encodeURIComponent(lead.id)}/claim`}>
                    <input type="hidden" name="return_to" value={returnTo} />
                    <button type="submit">Claim</button>
                  </form>
                ) : null}
                {!lead.contacted_at ? (
                  <form method="post" action={`/leads/${encodeURIComponent(lead.id)}/contacted`}>
                    <input type="hidden" name="return_to" value={returnTo} />
                    <button type="submit">Mark contacted</button>
                  </form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Layout>
  );
}

/** An email or phone as the visitor typed it, linked when it is one a mail program or dialler can use as it is. */
function Contact({ text, href }: { text: string; href: string | null }) {
  if (!text) return "none";
  return href ? <a href={href}>{text}</a> : text;
}
