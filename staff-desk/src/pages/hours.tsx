import { type BusinessDetails, dayText } from "../business-form.js";
import type { Grants, Member } from "../desk-api.js";
import { Layout, Notice } from "./layout.js";
import { DEPARTMENT_NAMES } from "./specials.js";

/**
 * A department manager's hours: the weeks of the departments the role sets (a service manager: service and parts),
 * as the site's hours tables and structured data show them. Holidays are closures, set by an admin.
 */
export function HoursPage({
  signedIn,
  details,
  typed,
  notice,
}: {
  signedIn: { member: Member; grants: Grants };
  details: BusinessDetails;
  /** What was typed, when it was refused: shown again as typed. */
  typed?: Record<string, string>;
  notice?: { kind: "done" | "refused"; text: string };
}) {
  const departments = signedIn.grants.hours as readonly (keyof BusinessDetails["hours"])[];
  return (
    <Layout title="Opening hours" signedIn={signedIn}>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <form method="post" action="/hours" className="desk-form">
        <p className="desk-hint">
          24-hour times such as 08:00-17:00 (two for a break: 08:00-12:00, 13:00-17:00), or words such as Closed or By
          Appointment Only.
        </p>
        {departments.map((department) => (
          <fieldset key={department} className="desk-fieldset">
            <legend>{DEPARTMENT_NAMES[department]} hours</legend>
            {details.hours[department].map((day) => {
              const name = `hours.${department}.${day.day}`;
              return (
                <div key={day.day} className="desk-field">
                  <label htmlFor={`desk-hours-${department}-${day.day}`}>{day.day}</label>
                  <input
                    id={`desk-hours-${department}-${day.day}`}
                    name={name}
                    type="text"
                    defaultValue={typed?.[name] ?? dayText(day)}
                  />
                </div>
              );
            })}
          </fieldset>
        ))}
        <button type="submit">Save the hours</button>
      </form>
    </Layout>
  );
}
