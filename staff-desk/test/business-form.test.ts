import { type BusinessDetails, WEEKDAYS } from "shared-types";
import { describe, expect, it } from "vitest";
import { dayText, parseDay, withForm } from "../src/routes/business/business-form.js";

const week = (text: string) => WEEKDAYS.map((day) => ({ day, segments: [], text }));
const details: BusinessDetails = {
  name: "Summit Heavy Fleet",
  domain: "summitheavyfleet.ca",
  geo: { latitude: 50.98, longitude: -113.97 },
  primary_email: "sales@summit.example",
  phone_sales: "403-555-0140",
  phone_isuzu: "403-555-0177",
  phone_service: "403-555-0162",
  hours: { sales: week("Closed"), service: week("Closed"), parts: week("Closed") },
  address: {
    recipient: "Summit",
    line1: "5440 76 Avenue SE",
    line2: "Calgary, AB T2C 4S3",
    street_number: "5440",
    street_name: "76 Avenue SE",
    city: "Calgary",
    province: "AB",
    postal_code: "T2C 4S3",
    country: "CA",
  },
};

describe("the desk's hours, as typed", () => {
  it("reads times, a break, and words", () => {
    expect(parseDay("Monday", "08:00-17:00")).toEqual({ day: "Monday", segments: [{ open: "08:00", close: "17:00" }] });
    expect(parseDay("Friday", " 08:00 - 12:00, 13:00-17:30 ")).toEqual({
      day: "Friday",
      segments: [
        { open: "08:00", close: "12:00" },
        { open: "13:00", close: "17:30" },
      ],
    });
    expect(parseDay("Saturday", "By Appointment Only")).toEqual({
      day: "Saturday",
      segments: [],
      text: "By Appointment Only",
    });
    expect(parseDay("Sunday", "  ")).toBeNull();
    expect(dayText({ day: "Monday", segments: [{ open: "07:30", close: "16:30" }] })).toBe("07:30-16:30");
  });

  it("names every day left empty, and keeps what was typed", () => {
    const form = Object.fromEntries(
      ["sales", "service", "parts"].flatMap((department) =>
        details.hours.sales.map((day) => [`hours.${department}.${day.day}`, "09:00-17:00"]),
      ),
    );
    form["hours.parts.Sunday"] = "";
    form.phone_sales = "403-555-0199";
    const { details: changed, problems } = withForm(details, form);
    expect(problems).toEqual(["Parts hours, Sunday: enter times such as 08:00-17:00, or a word such as Closed"]);
    expect(changed.phone_sales).toBe("403-555-0199");
    expect(changed.hours.sales[0]).toEqual({ day: "Monday", segments: [{ open: "09:00", close: "17:00" }] });
  });
});
