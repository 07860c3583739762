import type { FastifyInstance } from "fastify";
import { dealershipToday } from "shared-types";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { BookingsPage, MoveBookingPage } from "./bookings-page.js";
import { capacityRoutes } from "./capacity.js";

const WORDS = {
  done: {
    confirmed: "Confirmed: the lead counts as answered.",
    arrived: "Marked arrived.",
    "no-show": "Marked a no-show: its bays are free again.",
    ready: "Ready: the customer is emailed to come for the vehicles.",
    cancelled: "Cancelled: its bays are free again and the customer is emailed.",
    moved: "Moved: the customer is emailed the new time and an updated invite.",
  },
  refused: {
    status: "That booking has moved on already: see it below.",
    taken: "That time is no longer free, or the booking can no longer move: choose another.",
  },
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The service manager's bookings: the day or the week, and each booking moved on as the visit goes. */
export default async function bookings(app: FastifyInstance) {
  const onBookings = { config: { grant: "bookings" } } as const;

  app.get("/bookings", onBookings, async (request, reply) => {
    const query = request.query as { from?: string; view?: string };
    const week = query.view === "week";
    const from = query.from && DATE.test(query.from) ? query.from : dealershipToday();
    const days = await request.api.serviceDay({ query: { from, days: week ? 7 : 1 } });
    return reply.page(BookingsPage({ signedIn: request.staff, days, week, notice: noticeFrom(request.query, WORDS) }));
  });

  app.post("/bookings/:id/status", onBookings, async (request, reply) => {
    const params = { id: (request.params as { id: string }).id };
    const status = (request.body as { status?: string } | undefined)?.status ?? "";
    try {
      const { booking } = await request.api.bookingStatus({ params, body: { status: status as never } });
      return reply.redirect(`/bookings?from=${booking.date}&done=${encodeURIComponent(status)}`, 303);
    } catch (error) {
      if (error instanceof ApiRefusal && (error.status === 409 || error.status === 400)) {
        return reply.redirect("/bookings?refused=status", 303);
      }
      throw error;
    }
  });

  app.get("/bookings/:id/move", onBookings, async (request, reply) => {
    const params = { id: (request.params as { id: string }).id };
    const { booking, times } = await request.api.bookingFreeTimes({ params });
    return reply.page(
      MoveBookingPage({ signedIn: request.staff, booking, times, notice: noticeFrom(request.query, WORDS) }),
    );
  });

  app.post("/bookings/:id/move", onBookings, async (request, reply) => {
    const params = { id: (request.params as { id: string }).id };
    const startsAt = (request.body as { startsAt?: string } | undefined)?.startsAt ?? "";
    try {
      const { booking } = await request.api.moveBooking({ params, body: { startsAt } });
      return reply.redirect(`/bookings?from=${booking.date}&done=moved`, 303);
    } catch (error) {
      if (error instanceof ApiRefusal && (error.status === 409 || error.status === 400)) {
        return reply.redirect(`/bookings/${encodeURIComponent(params.id)}/move?refused=taken`, 303);
      }
      throw error;
    }
  });

  await capacityRoutes(app);
}
