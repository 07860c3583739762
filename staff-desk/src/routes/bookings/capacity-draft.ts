import { type ServiceCapacity, WEEKDAYS } from "shared-types";
import { serviceCapacitySchema } from "shared-types/schemas";

// The capacity form as typed, rows added and removed by the form itself: what it says, by shared-types' rules.

/** A form's fields as sent (a checkbox left unticked is not sent at all). */
export type Fields = Record<string, string | string[]>;
export const text = (fields: Fields, name: string) => String([fields[name] ?? ""].flat()[0] ?? "").trim();
const all = (fields: Fields, name: string) => [fields[name] ?? []].flat().map(String);

/** A kind of appointment as typed: `key` is its id, or "new:…" for a row added on the form and not yet saved. */
export interface KindRow {
  key: string;
  name: string;
  minutes: string;
  shop: string;
  remove: boolean;
}
/** A bay as typed: the kinds it takes by their rows' keys. */
export interface BayRow {
  key: string;
  name: string;
  kinds: string[];
  /** Its own part of the day as typed ("16:30-21:00"), or empty: all the booking hours */
  hours: string;
  remove: boolean;
}
/** The capacity form as typed, every field as it was sent: a refused form shows again exactly so. */
export interface CapacityDraft {
  week: Record<(typeof WEEKDAYS)[number], string>;
  leadTimeHours: string;
  weeksAhead: string;
  stepMinutes: string;
  kinds: KindRow[];
  bays: BayRow[];
}

/** A weekday's booking hours as the form writes them: "07:30-16:30", two for a break, or empty for none. */
export const segmentsText = (segments: readonly { open: string; close: string }[] = []) =>
  segments.map((segment) => `${segment.open}-${segment.close}`).join(", ");

/** The form filled with the capacity as it stands. */
export function draftOf(capacity: ServiceCapacity): CapacityDraft {
  return {
    week: Object.fromEntries(WEEKDAYS.map((day) => [day, segmentsText(capacity.week[day])])) as CapacityDraft["week"],
    leadTimeHours: String(capacity.leadTimeHours),
    weeksAhead: String(capacity.weeksAhead),
    stepMinutes: String(capacity.stepMinutes),
    kinds: capacity.kinds.map((kind) => ({ ...kind, key: kind.id, minutes: String(kind.minutes), remove: false })),
    bays: capacity.bays.map((bay) => ({
      key: bay.id,
      name: bay.name,
      kinds: [...bay.kinds],
      hours: bay.hours ? segmentsText([bay.hours]) : "",
      remove: false,
    })),
  };
}

/** The form as sent: its rows numbered `kind.0.name`, `bay.2.kinds` and so on. */
export function draftFromForm(fields: Fields): CapacityDraft {
  const rows = (prefix: string) =>
    [...new Set(Object.keys(fields).flatMap((name) => new RegExp(`^${prefix}\\.(\\d+)\\.key$`).exec(name)?.[1] ?? []))]
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => (field: string) => `${prefix}.${index}.${field}`);
  return {
    week: Object.fromEntries(WEEKDAYS.map((day) => [day, text(fields, `week.${day}`)])) as CapacityDraft["week"],
    leadTimeHours: text(fields, "leadTimeHours"),
    weeksAhead: text(fields, "weeksAhead"),
    stepMinutes: text(fields, "stepMinutes"),
    kinds: rows("kind").map((field) => ({
      key: text(fields, field("key")),
      name: text(fields, field("name")),
      minutes: text(fields, field("minutes")),
      shop: text(fields, field("shop")),
      remove: fields[field("remove")] !== undefined,
    })),
    bays: rows("bay").map((field) => ({
      key: text(fields, field("key")),
      name: text(fields, field("name")),
      kinds: all(fields, field("kinds")),
      hours: text(fields, field("hours")),
      remove: fields[field("remove")] !== undefined,
    })),
  };
}

/** The draft with one empty row more, its key new on the form. */
export function withNewRow(draft: CapacityDraft, list: "kinds" | "bays"): CapacityDraft {
  const key = `new:${draft.kinds.length + draft.bays.length}`;
  if (list === "bays")
    return { ...draft, bays: [...draft.bays, { key, name: "", kinds: [], hours: "", remove: false }] };
  return { ...draft, kinds: [...draft.kinds, { key, name: "", minutes: "60", shop: "service", remove: false }] };
}

// no id has a colon: a kept kind named "new-tires" stays itself
const isNew = (row: { key: string }) => row.key.startsWith("new:");

/** One part of a day as typed: "07:30-16:30" (the schema refuses anything else). */
function segmentOf(typed: string) {
  const [open = "", close = ""] = typed.replace(/\s+/g, "").split("-");
  return { open, close };
}

/** A whole number as typed ("90"), or NaN for anything else, which the schema refuses. */
const whole = (typed: string) => (/^\d+$/.test(typed) ? Number(typed) : Number.NaN);

/** An id for a new row, from its name ("Bay 7" is "bay-7"), unlike every id kept. */
function idFor(name: string, taken: Set<string>) {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 50) || "row";
  let id = base;
  for (let suffix = 2; taken.has(id); suffix++) id = `${base}-${suffix}`;
  taken.add(id);
  return id;
}

/**
 * The capacity the draft says, by shared-types' rules: rows ticked to remove dropped (a kind from every bay too),
 * rows added and left empty skipped, new rows given ids; the reasons name the row they are about.
 */
export function capacityFromDraft(draft: CapacityDraft): { capacity: ServiceCapacity } | { problems: string[] } {
  const kept = <T extends { key: string; name: string; remove: boolean }>(rows: T[]) =>
    rows.filter((row) => !row.remove && !(isNew(row) && row.name === ""));
  const [kinds, bays] = [kept(draft.kinds), kept(draft.bays)];
  const taken = new Set([...kinds, ...bays].filter((row) => !isNew(row)).map((row) => row.key));
  const idOf = new Map([...kinds, ...bays].map((row) => [row.key, isNew(row) ? idFor(row.name, taken) : row.key]));
  const week = Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      draft.week[day]
        .split(",")
        .filter((part) => part.trim() !== "")
        .map(segmentOf),
    ]),
  );
  const candidate = {
    week,
    leadTimeHours: whole(draft.leadTimeHours),
    weeksAhead: whole(draft.weeksAhead),
    stepMinutes: Number(draft.stepMinutes),
    kinds: kinds.map((kind) => ({
      id: idOf.get(kind.key),
      name: kind.name,
      minutes: whole(kind.minutes),
      shop: kind.shop,
    })),
    bays: bays.map((bay) => ({
      id: idOf.get(bay.key),
      name: bay.name,
      kinds: kinds.filter((kind) => bay.kinds.includes(kind.key)).map((kind) => idOf.get(kind.key)),
      ...(bay.hours ? { hours: segmentOf(bay.hours) } : {}),
    })),
  };
  const parsed = serviceCapacitySchema.safeParse(candidate);
  if (parsed.success) return { capacity: parsed.data };
  const about = ([list, index]: readonly PropertyKey[]) => {
    const row = { kinds, bays }[list as "kinds" | "bays"]?.[Number(index)];
    if (row) return row.name ? `${row.name}: ` : "";
    if (list === "week") return `${String(index)}: `;
    return { leadTimeHours: "Soonest booking: ", weeksAhead: "Weeks ahead: " }[String(list)] ?? "";
  };
  const said = (issue: (typeof parsed.error.issues)[number]) =>
    `${about(issue.path)}${issue.code === "invalid_type" ? "enter a whole number" : issue.message}`;
  return { problems: [...new Set(parsed.error.issues.map(said))] };
}
