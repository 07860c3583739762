import type { BusinessDetails } from "./business.js";
import { WEEKDAYS } from "./enumerations.js";

const weekdays = (open: string, close: string) =>
  WEEKDAYS.slice(0, 5).map((day) => ({ day, segments: [{ open, close }] }));

/**
 * The dealership's details as the API first stores them: it seeds its database with them once, and from then on the
 * database is the one source. Unit tests render with the same details.
 */
export const SEED_BUSINESS_DETAILS: BusinessDetails = {
  name: "Summit Heavy Fleet",
  domain: "summitheavyfleet.ca",
  primary_email: "sales@summitheavyfleet.ca",
  phone_sales: "403-555-0140",
  phone_isuzu: "403-555-0177",
  phone_service: "403-555-0162",
  hours: {
    sales: [
      ...weekdays("08:00", "17:00"),
      { day: "Saturday", segments: [], text: "Closed" },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
    service: [
      ...weekdays("07:30", "16:30"),
      { day: "Saturday", segments: [], text: "By Appointment Only" },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
    parts: [
      ...weekdays("08:00", "18:00").slice(0, 4),
      { day: "Friday", segments: [{ open: "08:00", close: "17:30" }] },
      { day: "Saturday", segments: [{ open: "08:00", close: "15:00" }] },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
  },
  address: {
    recipient: "Summit Heavy Fleet",
    line1: "5440 76 Avenue SE",
    line2: "Calgary, AB T2C 4S3",
    street_number: "5440",
    street_name: "76 Avenue SE",
    city: "Calgary",
    province: "AB",
    country: "Canada",
    postal_code: "T2C 4S3",
  },
  geo: { latitude: 50.9866, longitude: -113.9631 },
};
