import { WEEKDAYS } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice } from "../../ui/layout.js";
import type { BayRow, CapacityDraft, KindRow } from "./capacity-draft.js";

/** The row just added: an add button posts to the page at it, so the browser opens there, no script needed. */
const ADDED_ROW = "desk-added-row";

const SHOPS = [
  ["service", "Service bays"],
  ["body-shop", "Body shop"],
] as const;

/** A kind of appointment's row: its name, how long it holds a bay, where it is done; or ticked to go. */
function KindFields({ kind, index, added }: { kind: KindRow; index: number; added: boolean }) {
  const field = (name: string) => `kind.${index}.${name}`;
  const id = (name: string) => `desk-kind-${index}-${name}`;
  return (
    <fieldset className="desk-fieldset desk-capacity-row" id={added ? ADDED_ROW : undefined}>
      <legend>{kind.name || "New kind of appointment"}</legend>
      <input type="hidden" name={field("key")} value={kind.key} />
      <div className="desk-field desk-capacity-row__name">
        <label htmlFor={id("name")}>Name</label>
        <input id={id("name")} name={field("name")} defaultValue={kind.name} />
      </div>
      <div className="desk-field">
        <label htmlFor={id("minutes")}>Minutes</label>
        <input id={id("minutes")} name={field("minutes")} inputMode="numeric" size={5} defaultValue={kind.minutes} />
      </div>
      <div className="desk-field">
        <label htmlFor={id("shop")}>Done in</label>
        <select id={id("shop")} name={field("shop")} defaultValue={kind.shop}>
          {SHOPS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <label className="desk-check">
        <input type="checkbox" name={field("remove")} value="1" defaultChecked={kind.remove} /> Remove
      </label>
    </fieldset>
  );
}

/** The rows the form adds without a script: each re-renders the form as typed, with one empty row more. */
const ADD_BUTTONS = [
  ["kinds", "Add a kind of appointment"],
  ["bays", "Add a bay"],
] as const;

/** A bay's row: its name and the kinds it takes; or ticked to go. */
function BayFields({ bay, index, kinds, added }: { bay: BayRow; index: number; kinds: KindRow[]; added: boolean }) {
  const field = (name: string) => `bay.${index}.${name}`;
  return (
    <fieldset className="desk-fieldset" id={added ? ADDED_ROW : undefined}>
      <legend>{bay.name || "New bay"}</legend>
      <input type="hidden" name={field("key")} value={bay.key} />
      <div className="desk-field">
        <label htmlFor={`desk-bay-${index}-name`}>Name</label>
        <input id={`desk-bay-${index}-name`} name={field("name")} defaultValue={bay.name} />
      </div>
      <div className="desk-field">
        <label htmlFor={`desk-bay-${index}-hours`}>Its own hours (optional)</label>
        <span className="desk-hint" id={`desk-bay-${index}-hours-hint`}>
          An evening bay: 16:30-21:00. Empty: all the booking hours above.
        </span>
        <input
          id={`desk-bay-${index}-hours`}
          name={field("hours")}
          defaultValue={bay.hours}
          aria-describedby={`desk-bay-${index}-hours-hint`}
        />
      </div>
      <p className="desk-hint">Takes:</p>
      <div className="desk-checks">
        {kinds.map((kind) => (
          <label key={kind.key}>
            <input
              type="checkbox"
              name={field("kinds")}
              value={kind.key}
              defaultChecked={bay.kinds.includes(kind.key)}
            />{" "}
            {kind.name || "The new kind of appointment"}
          </label>
        ))}
      </div>
      <label className="desk-check">
        <input type="checkbox" name={field("remove")} value="1" defaultChecked={bay.remove} /> Remove this bay
      </label>
    </fieldset>
  );
}

/** When appointments can be, how soon and how far ahead, and on what grid. */
function WhenFields({ draft }: { draft: CapacityDraft }) {
  return (
    <fieldset className="desk-fieldset">
      <legend>When appointments can be (Calgary time)</legend>
      <p className="desk-hint">24-hour times such as 07:30-16:30, two for a break, or leave empty for none.</p>
      {WEEKDAYS.map((day) => (
        <div key={day} className="desk-field">
          <label htmlFor={`desk-week-${day}`}>{day}</label>
          <input id={`desk-week-${day}`} name={`week.${day}`} defaultValue={draft.week[day]} />
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
          <input id={`desk-${name}`} name={name} inputMode="numeric" defaultValue={draft[name]} />
        </div>
      ))}
      <div className="desk-field">
        <label htmlFor="desk-step">Appointments start every</label>
        <select id="desk-step" name="stepMinutes" defaultValue={draft.stepMinutes}>
          {[15, 30, 60].map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} minutes
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/**
 * What the service department can book: when appointments can be (each weekday, evenings and Saturdays too), how
 * soon and how far ahead, each kind of appointment and how long it takes, and the bays with the kinds each takes.
 * Rows are added and removed by the form itself, without a script. Closures are the department's, set with the
 * dealership's details.
 */
export function CapacityPage({
  signedIn,
  draft,
  added,
  notice,
}: {
  signedIn: SignedIn;
  /** The form as it stands, or as it was typed when it was refused or grew a row */
  draft: CapacityDraft;
  /** The list whose last row was just added: the page opens at it */
  added?: "kinds" | "bays";
  notice?: NoticeProps;
}) {
  return (
    <Layout title="Bays, services and hours" signedIn={signedIn}>
      <PageNotice notice={notice} />
      <p>
        <a href="/bookings">Back to the bookings</a>
      </p>
      <form method="post" action="/bookings/capacity" className="desk-form desk-capacity">
        <WhenFields draft={draft} />
        <h2 className="desk-subheading">Kinds of appointment</h2>
        <p className="desk-hint">
          How long each holds a bay. A kind with bookings still to come stays until they are moved or cancelled.
        </p>
        {draft.kinds.map((kind, index) => (
          <KindFields
            key={kind.key}
            kind={kind}
            index={index}
            added={added === "kinds" && index === draft.kinds.length - 1}
          />
        ))}
        <h2 className="desk-subheading">Bays</h2>
        <p className="desk-hint">Each bay (or technician) and the kinds of appointment it takes.</p>
        {draft.bays.map((bay, index) => (
          <BayFields
            key={bay.key}
            bay={bay}
            index={index}
            kinds={draft.kinds}
            added={added === "bays" && index === draft.bays.length - 1}
          />
        ))}
        {/* Save comes first: Enter in any field saves, as on every other form */}
        <div className="desk-lead__actions">
          <button type="submit">Save what the department can book</button>
          {ADD_BUTTONS.map(([list, label]) => (
            <button
              key={list}
              type="submit"
              name="add"
              value={list}
              formAction={`/bookings/capacity#${ADDED_ROW}`}
              className="desk-button--quiet"
            >
              {label}
            </button>
          ))}
        </div>
      </form>
    </Layout>
  );
}
