import type { z } from "zod/mini";
import type { appointmentKindSchema, serviceBaySchema, serviceCapacitySchema } from "./service-booking.schema.js";

export type AppointmentKind = z.infer<typeof appointmentKindSchema>;
export type ServiceBay = z.infer<typeof serviceBaySchema>;
export type ServiceCapacity = z.infer<typeof serviceCapacitySchema>;
