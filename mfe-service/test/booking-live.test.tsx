import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TEST_BUSINESS_DETAILS } from "remote-kit/testing";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FreeTime } from "../src/api/booking-api";
import { DAYS_SHOWN, listedTimes } from "../src/components/booking-fields";

const time = (day: string, clock: string): FreeTime => ({ startsAt: `${day}T${clock}:00-07:00`, date: day, clock });
const ALIGNMENT_TIMES = [time("2026-12-01", "07:30"), time("2026-12-01", "09:00"), time("2026-12-02", "07:30")];
const VISIT_TIMES = [time("2026-12-03", "07:30"), time("2026-12-04", "13:00")];
const fetchFreeTimes = vi.fn(async (_kinds: readonly string[], _from?: string) => VISIT_TIMES);
vi.mock("../src/api/booking-api", () => ({
  fetchFreeTimes: (...args: [string[], string?]) => fetchFreeTimes(...args),
}));
const { default: BookingVisit } = await import("../src/components/booking-visit");

const KINDS = [
  { id: "alignments", name: "Alignments", minutes: 90, shop: "service" as const },
  { id: "oil-air-fuel-filter-changes", name: "Oil, Air & Fuel Filter Changes", minutes: 60, shop: "service" as const },
];

/** The island as the browser hydrates it, for the visit the address named. */
function renderVisit(times: FreeTime[] | null = ALIGNMENT_TIMES) {
  window.history.replaceState(null, "", "/book-service?work=alignments");
  render(<BookingVisit kinds={KINDS} weeksAhead={6} work={["alignments"]} from="" times={times} />);
}

beforeEach(() => {
  fetchFreeTimes.mockClear();
  fetchFreeTimes.mockImplementation(async () => VISIT_TIMES);
});

describe("the booking page with scripts: the free times follow the work in place", () => {
  it("a vehicle added and chosen brings that visit's times and fieldset, the address, and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderVisit();
    expect(screen.getAllByRole("radio", { name: /a\.m\./ })).toHaveLength(3);
    await user.type(screen.getByLabelText("First name"), "Dana");
    await user.type(screen.getByLabelText("Make"), "Isuzu");

    await user.click(screen.getByRole("button", { name: "Add another vehicle" }));
    expect(await screen.findByText("Choose a service for each vehicle to see its free times.")).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Vehicle 2")));
    await user.selectOptions(screen.getByLabelText("Vehicle 2"), "oil-air-fuel-filter-changes");

    expect(await screen.findByText("2 free times shown for 2 vehicles")).toBeTruthy();
    expect([...document.querySelectorAll<HTMLInputElement>('input[name="startsAt"]')].map((r) => r.value)).toEqual(
      VISIT_TIMES.map((visit) => visit.startsAt),
    );
    expect(fetchFreeTimes).toHaveBeenCalledWith(["alignments", "oil-air-fuel-filter-changes"], undefined);
    expect(window.location.search).toBe("?work=alignments&work=oil-air-fuel-filter-changes");
    expect(screen.getByRole("group", { name: "Vehicle 2: Oil, Air & Fuel Filter Changes" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("First name").value).toBe("Dana");
    expect(screen.getAllByLabelText<HTMLInputElement>("Make")[0]?.value).toBe("Isuzu");
  });

  it("asks nothing for the visit the server already answered, and nothing for an unfinished one", async () => {
    const user = userEvent.setup();
    renderVisit();
    await user.selectOptions(screen.getByLabelText("Vehicle 1"), "");
    expect(screen.getByRole("status").textContent).toBe("Choose a service for each vehicle to see its free times.");
    expect(window.location.search).toBe("?work=");
    expect(fetchFreeTimes).not.toHaveBeenCalled();
  });

  it("a failure says so with the service phone, and the form for the old times is put away", async () => {
    fetchFreeTimes.mockRejectedValue(new Error("down"));
    const user = userEvent.setup();
    renderVisit();
    await user.selectOptions(screen.getByLabelText("Vehicle 1"), "oil-air-fuel-filter-changes");
    expect((await screen.findByRole("alert")).textContent).toContain(TEST_BUSINESS_DETAILS.phone_service);
    expect(screen.queryByRole("button", { name: "Book this time" })).toBeNull();
  });

  it("when the server could not find the times, the browser asks again and shows them", async () => {
    render(<BookingVisit kinds={KINDS} weeksAhead={6} work={["alignments"]} from="" times={null} />);
    expect(screen.getByRole("alert").textContent).toContain("can't be shown right now");
    expect(await screen.findByRole("button", { name: "Book this time" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("the times written into the page", () => {
  it("are the days listed and the next day's first time, where Later times goes on", () => {
    const days = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-07", "2026-12-08", "2026-12-09"];
    const times = days.flatMap((day) => [time(day, "07:30"), time(day, "09:00")]);
    expect(listedTimes(times)).toEqual(times.slice(0, DAYS_SHOWN * 2 + 1));
    expect(listedTimes(ALIGNMENT_TIMES)).toEqual(ALIGNMENT_TIMES);
  });
});
