import { WEEKDAYS } from "shared-types";
import { Temporal } from "temporal-polyfill";

/** The dealership's clock: every booking is made and shown in Calgary's time, whatever the clocks do. */
export const DEALERSHIP_ZONE = "America/Edmonton";

/** A bay (or a technician) and the kinds of appointment it can take. */
export interface Bay {
  id: string;
  name: string;
  kinds: readonly string[];
  /** Its own part of the day, when it has one: it takes a unit only within it */
  hours?: BookingSegment;
}

/** A kind of appointment (a service, an inspection, a body-shop estimate) and how long it holds a bay. */
export interface AppointmentKind {
  id: string;
  name: string;
  minutes: number;
}

/** When appointments can start and must end on a weekday, "HH:MM" in Calgary; evening or Saturday openings too. */
export interface BookingSegment {
  open: string;
  close: string;
}

/** What the service manager sets on the desk: what the department can take and when. */
export interface Capacity {
  bays: readonly Bay[];
  kinds: readonly AppointmentKind[];
  week: Readonly<Partial<Record<Weekday, readonly BookingSegment[]>>>;
  /** The soonest a visitor may book, from now */
  leadTimeHours: number;
  /** Appointments start on this grid, and a bay is held in steps of it */
  stepMinutes: number;
  /** Days the department is closed, "YYYY-MM-DD" in Calgary, first and last day included */
  closures: readonly { from: string; to: string }[];
}

/** A bay already held: from `startsAt` (epoch ms) for `steps` of the grid. */
export interface HeldBay {
  bayId: string;
  startsAt: number;
  endsAt: number;
}

/** A time a visit can start, with one bay for each of its units. */
export interface FreeTime {
  /** The moment, ISO 8601 in UTC */
  startsAt: string;
  /** Calgary's day and clock, "YYYY-MM-DD" and "HH:MM" */
  date: string;
  clock: string;
  /** One bay per unit, in the units' order */
  bays: string[];
}

type Weekday = (typeof WEEKDAYS)[number];

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** A calendar day ("YYYY-MM-DD") so many days on, whatever the clocks do that day. */
export const addDays = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString();

/** A moment as Calgary's day and clock: ["2026-12-01", "07:30"]. */
export function calgaryDayAndClock(at: string | Date): [string, string] {
  const calgary = Temporal.Instant.from(new Date(at).toISOString()).toZonedDateTimeISO(DEALERSHIP_ZONE);
  return [calgary.toPlainDate().toString(), calgary.toPlainTime().toString().slice(0, 5)];
}

/** The moment a Calgary day's clock reads `minutes` after midnight (on a day the clocks change, as Calgary lives it). */
function momentOf(date: Temporal.PlainDate, minutes: number): number {
  const time = new Temporal.PlainTime(Math.floor(minutes / 60), minutes % 60);
  return date.toZonedDateTime({ timeZone: DEALERSHIP_ZONE, plainTime: time }).epochMilliseconds;
}

/** Which bay steps are held, bay by bay, each step by its start (epoch ms). */
function heldSteps(held: readonly HeldBay[], stepMs: number): Map<string, Set<number>> {
  const byBay = new Map<string, Set<number>>();
  for (const booking of held) {
    const steps = byBay.get(booking.bayId) ?? new Set<number>();
    byBay.set(booking.bayId, steps);
    for (let at = booking.startsAt; at < booking.endsAt; at += stepMs) steps.add(at);
  }
  return byBay;
}

/**
 * One bay for each unit, none twice, each able to do its unit's kind and free for its length from `start`; null when
 * there is no such choice. Units are few (a visit), so trying each bay in turn and going back is quick.
 */
function assignBays(
  units: readonly { kind: string; steps: number }[],
  bays: readonly Bay[],
  held: Map<string, Set<number>>,
  start: { at: number; minute: number },
  stepMs: number,
): string[] | null {
  const inItsHours = (bay: Bay, steps: number) =>
    !bay.hours ||
    (minutesOf(bay.hours.open) <= start.minute &&
      start.minute + (steps * stepMs) / 60_000 <= minutesOf(bay.hours.close));
  const isFree = (bay: Bay, steps: number) => {
    if (!inItsHours(bay, steps)) return false;
    const taken = held.get(bay.id);
    if (!taken) return true;
    for (let step = 0; step < steps; step++) if (taken.has(start.at + step * stepMs)) return false;
    return true;
  };
  const chosen: string[] = [];
  const place = (index: number): boolean => {
    if (index === units.length) return true;
    const unit = units[index] as { kind: string; steps: number };
    for (const bay of bays) {
      if (chosen.includes(bay.id) || !bay.kinds.includes(unit.kind) || !isFree(bay, unit.steps)) continue;
      chosen.push(bay.id);
      if (place(index + 1)) return true;
      chosen.pop();
    }
    return false;
  };
  return place(0) ? chosen : null;
}

const isClosed = (capacity: Capacity, date: string) =>
  capacity.closures.some((closure) => closure.from <= date && date <= closure.to);

const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** A visit's units, each with the steps of the grid it holds a bay for. */
type VisitSteps = readonly { kind: string; steps: number }[];

/** The free times of one open segment of one day. */
function segmentTimes(
  capacity: Capacity,
  visit: { units: VisitSteps; soonest: number; taken: Map<string, Set<number>> },
  date: Temporal.PlainDate,
  segment: BookingSegment,
): FreeTime[] {
  const stepMs = capacity.stepMinutes * 60_000;
  const longest = Math.max(...visit.units.map((unit) => unit.steps)) * capacity.stepMinutes;
  const [open, close] = [minutesOf(segment.open), minutesOf(segment.close)];
  const opens = momentOf(date, open);
  // the zone's rules cost a fifth of a millisecond a look: looked up once a segment, unless its clocks change
  const steady = momentOf(date, close) - opens === (close - open) * 60_000;
  const found: FreeTime[] = [];
  for (let minute = open; minute + longest <= close; minute += capacity.stepMinutes) {
    const start = steady ? opens + (minute - open) * 60_000 : momentOf(date, minute);
    if (start < visit.soonest) continue;
    const bays = assignBays(visit.units, capacity.bays, visit.taken, { at: start, minute }, stepMs);
    if (bays)
      found.push({ startsAt: new Date(start).toISOString(), date: date.toString(), clock: clockOf(minute), bays });
  }
  return found;
}

/**
 * The times a visit of these units (each with its kind of appointment) can start over the next `days` days: on the
 * department's grid, in its booking hours, each unit finished before its segment closes, not on a closed day, no
 * sooner than the lead time, with a free bay for every unit at once. Soonest first.
 */
export function freeTimes(
  capacity: Capacity,
  unitKinds: readonly string[],
  held: readonly HeldBay[],
  { now, days }: { now: number; days: number },
): FreeTime[] {
  const lengthOf = new Map(capacity.kinds.map((kind) => [kind.id, kind.minutes]));
  const minutes = unitKinds.map((kind) => lengthOf.get(kind));
  if (minutes.length === 0 || minutes.some((length) => length === undefined)) return [];
  const visit = {
    units: unitKinds.map((kind, index) => ({ kind, steps: Math.ceil((minutes[index] ?? 0) / capacity.stepMinutes) })),
    soonest: now + capacity.leadTimeHours * 3_600_000,
    taken: heldSteps(held, capacity.stepMinutes * 60_000),
  };
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(DEALERSHIP_ZONE).toPlainDate();
  const found: FreeTime[] = [];
  for (let offset = 0; offset < days; offset++) {
    const date = today.add({ days: offset });
    if (isClosed(capacity, date.toString())) continue;
    for (const segment of capacity.week[WEEKDAYS[date.dayOfWeek - 1] as Weekday] ?? []) {
      found.push(...segmentTimes(capacity, visit, date, segment));
    }
  }
  return found;
}
