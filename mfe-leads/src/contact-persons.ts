/** The fleet team a visitor can ask for by name (SPEC §2 Contact). */
export const CONTACT_PERSONS = [
  {
    department: "Medium and Heavy Duty Fleet",
    name: "Dan Whitford",
    role: "Commercial Truck Sales Manager",
    phone: "403-555-0141",
    email: "dan.whitford@summitheavyfleet.ca",
  },
  {
    department: "Light Duty Fleet",
    name: "Priya Kandola",
    role: "Fleet and Lease Manager",
    phone: "403-555-0143",
    email: "priya.kandola@summitheavyfleet.ca",
  },
] as const;
