import { type ServiceCapacity, WEEKDAYS } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice } from "../../ui/layout.js";

/** A weekday's booking hours as the form writes them: "07:30-16:30", two for a break, or empty for none. */
export const segmentsText = (segments: readonly { open: string; close: string }[] = []) =>
  segments.map((segment) => `${segment.open}-${segment.close}`).join(", ");

/**
 * What the service department can book: when appointments can be (each weekday, evenings and Saturdays too), how
 * soon and how far ahead, how long each kind takes, and which bays do which kinds. Closures are the department's,
 * set with the dealership's details.
 */
export function CapacityPage({
  signedIn,
  capacity,
  typed,
  notice,
}: {
  signedIn: SignedIn;
  capacity: ServiceCapacity;
  /** What was typed, when it was refused: shown again as typed. */
  typed?: Record<string, string | string[]>;
  notice?: NoticeProps;
}) {
  const value = (name: string, fallback: string) => {
    const given = typed?.[name];
    return typeof given === "string" ? given : fallback;
  };
  const checked = (name: string, fallback: boolean) => (typed ? typed[name] !== undefined : fallback);
  return (
    <Layout title="Bays, services and hours" signedIn={signedIn}>
      <PageNotice notice={notice} />
      <p>
        <a href="/bookings">Back to the bookings</a>
      </p>
      <form method="post" action="/bookings/capacity" className="desk-form">
        <fieldset className="desk-fieldset">
          <legend>When appointments can be (Calgary time)</legend>
          <p className="desk-hint">24-hour times such as 07:30-16:30, two for a break, or leave empty for none.</p>
          {WEEKDAYS.map((day) => (
            <div key={day} className="desk-field">
              <label htmlFor={`desk-week-${day}`}>{day}</label>
              <input
                id={`desk-week-${day}`}
                name={`week.${day}`}
                defaultValue={value(`week.${day}`, segmentsText(capacity.week[day]))}
              />
            </div>
          ))}
          {(
            [
              ["leadTimeHours", "Soonest booking, in hours from now"],
              ["weeksAhead", "Weeks ahead visitors may book"],
            ] as const
          ).map(([name, label]) => (
            <div key={name} className="desk-field">
              <label htmlFor={`desk-${name}`}>{label}</label>
              <input
                id={`desk-${name}`}
                name={name}
                inputMode="numeric"
                defaultValue={value(name, String(capacity[name]))}
              />
            </div>
          ))}
          <div className="desk-field">
            <label htmlFor="desk-step">Appointments start every</label>
            <select id="desk-step" name="stepMinutes" defaultValue={value("stepMinutes", String(capacity.stepMinutes))}>
              {[15, 30, 60].map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset className="desk-fieldset">
          <legend>How long each kind of appointment holds a bay</legend>
          {capacity.kinds.map((kind) => (
            <div key={kind.id} className="desk-field">
              <label htmlFor={`desk-kind-${kind.id}`}>{kind.name} (minutes)</label>
              <input
                id={`desk-kind-${kind.id}`}
                name={`kind.${kind.id}`}
                inputMode="numeric"
                defaultValue={value(`kind.${kind.id}`, String(kind.minutes))}
              />
            </div>
          ))}
        </fieldset>
        {capacity.bays.map((bay) => (
          <fieldset key={bay.id} className="desk-fieldset">
            <legend>{bay.name}</legend>
            <div className="desk-field">
              <label htmlFor={`desk-bay-${bay.id}`}>Name</label>
              <input id={`desk-bay-${bay.id}`} name={`bay.${bay.id}`} defaultValue={value(`bay.${bay.id}`, bay.name)} />
            </div>
            <div className="desk-checks">
              {capacity.kinds.map((kind) => {
                const name = `bay.${bay.id}.${kind.id}`;
                return (
                  <label key={kind.id}>
                    <input
                      type="checkbox"
                      name={name}
                      value="1"
                      defaultChecked={checked(name, bay.kinds.includes(kind.id))}
                    />{" "}
                    {kind.name}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
        <button type="submit">Save what the department can book</button>
      </form>
    </Layout>
  );
}
