import type { ReactNode } from "react";
import { FORM_FIELD, type SubmittedForm } from "remote-kit/protocol";
import type { FreeTime } from "../api/booking-api";

/**
 * A POST form team service's server takes (its id names it: "service:booking", "service:plan-stop:<token>", …),
 * with why it was last refused said first.
 */
export function ServiceForm({
  id,
  refused,
  heading,
  className,
  hidden,
  children,
}: {
  id: string;
  refused: SubmittedForm | null;
  heading?: string;
  className: string;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <form method="post" className={className} noValidate hidden={hidden}>
      {heading ? <h2>{heading}</h2> : null}
      <input type="hidden" name={FORM_FIELD} value={id} />
      {refused?.message ? (
        <p className="service-booking__problem" role="alert">
          {refused.message}
        </p>
      ) : null}
      {children}
    </form>
  );
}

/** A labelled field of the booking form, with what was typed and why it was refused when it was. */
export function BookingField({
  label,
  name,
  refused,
  type = "text",
  hint,
  inputMode,
  autoComplete,
  multiline = false,
}: {
  label: string;
  name: string;
  refused: SubmittedForm | null;
  type?: "text" | "email" | "tel";
  hint?: string;
  inputMode?: "numeric";
  autoComplete?: string;
  multiline?: boolean;
}) {
  const id = `service-${name.replace(/\./g, "-")}`;
  const error = refused?.errors[name];
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    defaultValue: refused?.values[name] ?? "",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  };
  return (
    <div className={`service-booking__field${multiline ? " service-booking__field--wide" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="service-muted">
          {hint}
        </span>
      ) : null}
      {multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type={type} inputMode={inputMode} autoComplete={autoComplete} {...common} />
      )}
      {error ? (
        <span id={`${id}-error`} className="service-booking__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

const dayName = new Intl.DateTimeFormat("en-CA", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

/** "Tuesday, December 1", from Calgary's "2026-12-01". */
export const dayLabel = (date: string) => dayName.format(new Date(`${date}T12:00:00Z`));

/** "7:30 a.m.", from Calgary's "07:30". */
export function clockLabel(clock: string): string {
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  const suffix = hours < 12 ? "a.m." : "p.m.";
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** How many days of free times the page lists at once; "Later times" goes on from there. */
export const DAYS_SHOWN = 5;

/** The free times by day, the days listed first; the rest of the weeks come with "Later times". */
export function daysOf(times: readonly FreeTime[]): { date: string; times: FreeTime[] }[] {
  const days = new Map<string, FreeTime[]>();
  for (const time of times) days.set(time.date, [...(days.get(time.date) ?? []), time]);
  return [...days].map(([date, dayTimes]) => ({ date, times: dayTimes }));
}

/**
 * The free times as radio buttons, a day each (the first open, the others a tap away: HTML's own details), and a
 * link to later days. Works without scripts.
 */
export function FreeTimesPicker({
  times,
  chosen,
  error,
  laterHref,
}: {
  times: readonly FreeTime[];
  chosen: string;
  error?: string;
  laterHref?: string;
}) {
  const days = daysOf(times);
  const shown = days.slice(0, DAYS_SHOWN);
  const chosenDay = days.find((day) => day.times.some((time) => time.startsAt === chosen))?.date ?? shown[0]?.date;
  return (
    <fieldset
      className="service-booking__fieldset service-booking__times"
      aria-describedby={error ? "service-time-error" : undefined}
    >
      <legend>Choose a time (Calgary time)</legend>
      {error ? (
        <span id="service-time-error" className="service-booking__error">
          {error}
        </span>
      ) : null}
      {shown.map((day) => (
        <details key={day.date} className="service-booking__day" open={day.date === chosenDay}>
          <summary>
            {dayLabel(day.date)}: {day.times.length} free {day.times.length === 1 ? "time" : "times"}
          </summary>
          <div className="service-booking__clocks">
            {day.times.map((time) => (
              <label key={time.startsAt} className="service-booking__clock">
                <input type="radio" name="startsAt" value={time.startsAt} defaultChecked={time.startsAt === chosen} />{" "}
                {clockLabel(time.clock)}
              </label>
            ))}
          </div>
        </details>
      ))}
      {laterHref && days.length > DAYS_SHOWN ? (
        <p>
          <a href={laterHref}>Later times</a>
        </p>
      ) : null}
    </fieldset>
  );
}

/** How many free times the picker lists (the days shown at once). */
export const shownTimes = (times: readonly FreeTime[]) =>
  daysOf(times)
    .slice(0, DAYS_SHOWN)
    .reduce((count, day) => count + day.times.length, 0);

/** The times the page lists: those of the days shown, and the next day's first (where "Later times" goes on). */
export function listedTimes(times: readonly FreeTime[]): FreeTime[] {
  const next = daysOf(times)[DAYS_SHOWN]?.times[0];
  return next ? times.slice(0, times.indexOf(next) + 1) : [...times];
}
