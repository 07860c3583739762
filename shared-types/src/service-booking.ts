import type { z } from "zod/mini";
import type {
  appointmentKindSchema,
  bookedUnitSchema,
  serviceBaySchema,
  serviceBookingRequestSchema,
  serviceCapacitySchema,
  servicePlanSchema,
} from "./service-booking.schema.js";

export type AppointmentKind = z.infer<typeof appointmentKindSchema>;
export type ServiceBay = z.infer<typeof serviceBaySchema>;
export type ServiceCapacity = z.infer<typeof serviceCapacitySchema>;
export type BookedUnit = z.output<typeof bookedUnitSchema>;
export type ServiceBookingRequest = z.output<typeof serviceBookingRequestSchema>;
export type ServicePlan = z.output<typeof servicePlanSchema>;
