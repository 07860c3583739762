import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// What the visitor is told of their service booking: booked, moved, cancelled, reminded the day before, ready to
// pick up. Like every visitor's copy, only the dealership's words and a link to its own site: anyone can type
// anyone's address into the form, so nothing typed is repeated.

export const BOOKING_NOTICES = ["booked", "moved", "cancelled", "reminder", "ready"] as const;
export type BookingNotice = (typeof BOOKING_NOTICES)[number];

export interface BookingNoticeProps {
  notice: BookingNotice;
  /** "Tuesday, December 1, 2026, 7:30 a.m." in Calgary's time */
  when: string;
  /** What is done, in the dealership's words: "Commercial Vehicle Inspection (2 vehicles)" */
  work: string[];
  stay: "wait" | "drop-off";
  reference: string;
  /** The fleet's recurring plan that booked it, in words ("Every 6 weeks") */
  plan?: string;
  /** The booking's page: see it, move it, cancel it (none once cancelled) */
  link?: string;
  business: { name: string; phone: string; address: string };
}

const HEADLINES: Record<BookingNotice, (props: BookingNoticeProps) => string> = {
  booked: ({ when }) => `Your service appointment is booked for ${when} (Calgary time).`,
  moved: ({ when }) => `Your service appointment has moved to ${when} (Calgary time).`,
  cancelled: ({ when }) => `Your service appointment for ${when} is cancelled.`,
  reminder: ({ when }) => `A reminder: your service appointment is tomorrow, ${when} (Calgary time).`,
  ready: () => "Your vehicles are ready for pick-up.",
};

const SUBJECTS: Record<BookingNotice, string> = {
  booked: "Your service appointment",
  moved: "Your service appointment has moved",
  cancelled: "Your service appointment is cancelled",
  reminder: "Your service appointment is tomorrow",
  ready: "Ready for pick-up",
};

const stayWords = (stay: BookingNoticeProps["stay"]) =>
  stay === "wait"
    ? "You will wait while we work: our lounge has Wi-Fi."
    : "You will drop the vehicles off; we will call when they are ready.";

function lines(props: BookingNoticeProps): string[] {
  const { notice, reference, link, business } = props;
  const open = notice !== "cancelled" && notice !== "ready";
  return [
    HEADLINES[notice](props),
    ...(open ? [`What we will do: ${props.work.join("; ")}.`, stayWords(props.stay)] : []),
    ...(open && props.plan
      ? [`Your service plan booked this visit (${props.plan.toLowerCase()}): your appointment's page links the plan.`]
      : []),
    `Your reference is ${reference}.`,
    ...(notice === "ready"
      ? [`Come to ${business.address} during service hours, or call us at ${business.phone}.`]
      : []),
    ...(link && open ? [`To see, move or cancel it: ${link}`] : []),
  ];
}

export function BookingNoticeEmail(props: BookingNoticeProps) {
  const [headline, ...rest] = lines(props);
  const footer = `${props.business.name}, ${props.business.address}. Service: ${props.business.phone}. You are receiving this email because a service appointment was booked with your address. If it was not you, call us.`;
  return (
    <EmailLayout footer={footer}>
      <p>Hello,</p>
      <p>
        <strong>{headline}</strong>
      </p>
      {rest.map((line, i) =>
        props.link && line.endsWith(props.link) ? (
          <p key={i}>
            <a href={props.link}>See, move or cancel your appointment</a>
          </p>
        ) : (
          <p key={i}>{line}</p>
        ),
      )}
    </EmailLayout>
  );
}

export function bookingNoticeEmail(props: BookingNoticeProps): HtmlEmail {
  const footer = `${props.business.name}, ${props.business.address}. Service: ${props.business.phone}.`;
  return {
    subject: `${SUBJECTS[props.notice]} ${props.reference}: ${props.business.name}`,
    text: ["Hello,", "", ...lines(props).flatMap((line) => [line, ""]), footer, ""].join("\n"),
    html: renderHtml(<BookingNoticeEmail {...props} />),
  };
}
