import { type BusinessDetails, DEPARTMENT_NAMES, DEPARTMENTS, departmentsText, formatCalendarDate } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice } from "../../ui/layout.js";
import { ADDRESS_FIELDS, CONTACT_FIELDS, dayText } from "./business-form.js";

/**
 * The dealership's details as the site shows them: phones, email, address, each department's hours, and closures
 * (holidays), each of which the public pages show, in their hours and their structured data, as soon as it is saved.
 */
export function BusinessPage({
  signedIn,
  details,
  notice,
}: {
  signedIn: SignedIn;
  details: BusinessDetails;
  notice?: NoticeProps;
}) {
  const closures = details.closures ?? [];
  return (
    <Layout title="Dealership details and hours" signedIn={signedIn}>
      <PageNotice notice={notice} />
      <h2 className="desk-subheading">Closures</h2>
      <p className="desk-hint">
        Shown on every page of the site until they are over, and on the days themselves at the top.
      </p>
      {closures.length === 0 ? (
        <p>No closure set.</p>
      ) : (
        <ul className="desk-members">
          {closures.map((closure, index) => (
            <li key={`${closure.from}-${closure.note}`}>
              {closure.from === closure.to
                ? formatCalendarDate(closure.from)
                : `${formatCalendarDate(closure.from)} to ${formatCalendarDate(closure.to)}`}
              : {closure.note} ({departmentsText(closure.departments)}){" "}
              <form method="post" action="/business/closures/remove" className="desk-inline-form">
                <input type="hidden" name="index" value={index} />
                <button type="submit" className="desk-button--quiet" aria-label={`Remove the closure: ${closure.note}`}>
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action="/business/closures" className="desk-form">
        <label htmlFor="desk-closure-from">First day closed</label>
        <input id="desk-closure-from" name="from" type="date" required />
        <label htmlFor="desk-closure-to">Last day closed</label>
        <input id="desk-closure-to" name="to" type="date" required />
        <label htmlFor="desk-closure-note">Why (shown to visitors)</label>
        <input id="desk-closure-note" name="note" type="text" maxLength={120} required placeholder="Christmas" />
        <fieldset className="desk-fieldset">
          <legend>Departments closed</legend>
          {DEPARTMENTS.map((department) => (
            <label key={department} className="desk-check">
              <input type="checkbox" name="departments" value={department} defaultChecked />{" "}
              {DEPARTMENT_NAMES[department]}
            </label>
          ))}
        </fieldset>
        <button type="submit">Add the closure</button>
      </form>

      <h2 className="desk-subheading">Phones, email, address and hours</h2>
      <form method="post" action="/business" className="desk-form">
        {CONTACT_FIELDS.map(([name, label]) => (
          <div key={name} className="desk-field">
            <label htmlFor={`desk-${name}`}>{label}</label>
            <input
              id={`desk-${name}`}
              name={name}
              type={name === "primary_email" ? "email" : "tel"}
              required
              defaultValue={details[name]}
            />
          </div>
        ))}
        {ADDRESS_FIELDS.map(([name, label]) => (
          <div key={name} className="desk-field">
            <label htmlFor={`desk-address-${name}`}>{label}</label>
            <input
              id={`desk-address-${name}`}
              name={`address.${name}`}
              type="text"
              required
              defaultValue={details.address[name]}
            />
          </div>
        ))}
        <p className="desk-hint">
          Hours: 24-hour times such as 08:00-17:00 (two for a break: 08:00-12:00, 13:00-17:00), or words such as Closed
          or By Appointment Only.
        </p>
        {DEPARTMENTS.map((department) => (
          <fieldset key={department} className="desk-fieldset">
            <legend>{DEPARTMENT_NAMES[department]} hours</legend>
            {details.hours[department].map((day) => (
              <div key={day.day} className="desk-field">
                <label htmlFor={`desk-hours-${department}-${day.day}`}>{day.day}</label>
                <input
                  id={`desk-hours-${department}-${day.day}`}
                  name={`hours.${department}.${day.day}`}
                  type="text"
                  defaultValue={dayText(day)}
                />
              </div>
            ))}
          </fieldset>
        ))}
        <button type="submit">Save the details and hours</button>
      </form>
    </Layout>
  );
}
