import { allows, type BusinessDetails, DEPARTMENT_NAMES, DEPARTMENTS } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice } from "../../ui/layout.js";
import { dayText } from "../business/business-form.js";

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
  signedIn: SignedIn;
  details: BusinessDetails;
  /** What was typed, when it was refused: shown again as typed. */
  typed?: Record<string, string>;
  notice?: NoticeProps;
}) {
  const departments = DEPARTMENTS.filter((department) => allows(signedIn.member.role, "hours", department));
  return (
    <Layout title="Opening hours" signedIn={signedIn}>
      <PageNotice notice={notice} />
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
