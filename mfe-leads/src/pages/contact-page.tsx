import { breadcrumbJsonLd, dealerJsonLd, usePageHead, useSite } from "remote-kit";
import { type DayHours, formatDayHours, paths, telHref } from "shared-types";
import { CONTACT_PERSONS } from "../contact-persons";
import ContactForm from "../forms/contact-form";

function Hours({ title, days }: { title: string; days: readonly DayHours[] }) {
  return (
    <table className="leads-hours">
      <caption>{title}</caption>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            <td>{formatDayHours(d)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ContactPage() {
  const { siteUrl, business: b } = useSite();
  usePageHead({
    title: `Contact ${b.name}, Calgary fleet dealer`,
    description: `Call, email or message ${b.name} in Calgary, Alberta: sales ${b.phone_sales}, service ${b.phone_service}, Isuzu ${b.phone_isuzu}, with sales, service and parts hours.`,
    canonical: paths.contact(),
    jsonLd: [dealerJsonLd(siteUrl, b), breadcrumbJsonLd(siteUrl, [{ name: "Contact Us", path: paths.contact() }])],
  });
  return (
    <div className="leads-page">
      <h1 className="leads-page__title">Contact Us</h1>
      <div className="leads-contact">
        <section id="call_us" className="leads-contact__block" aria-labelledby="leads-call-title">
          <h2 id="leads-call-title">Call Us</h2>
          <dl className="leads-contact__phones">
            <dt>Sales</dt>
            <dd>
              <a href={telHref(b.phone_sales)}>{b.phone_sales}</a>
            </dd>
            <dt>Service</dt>
            <dd>
              <a href={telHref(b.phone_service)}>{b.phone_service}</a>
            </dd>
            <dt>Isuzu</dt>
            <dd>
              <a href={telHref(b.phone_isuzu)}>{b.phone_isuzu}</a>
            </dd>
          </dl>
          {CONTACT_PERSONS.map((p) => (
            <div key={p.department} className="leads-contact__person">
              <h3>{p.department}</h3>
              <p>
                {p.name}, {p.role}
                <br />
                <a href={telHref(p.phone)}>{p.phone}</a> · <a href={`mailto:${p.email}`}>{p.email}</a>
              </p>
            </div>
          ))}
        </section>
        <section id="email_us" className="leads-contact__block" aria-labelledby="leads-email-title">
          <h2 id="leads-email-title">Email Us</h2>
          <p>
            <a href={`mailto:${b.primary_email}`}>{b.primary_email}</a>
          </p>
          <h2>Location</h2>
          <address className="leads-contact__address">
            {b.address.recipient}
            <br />
            {b.address.line1}
            <br />
            {b.address.line2}
          </address>
        </section>
        <section
          id="message_us"
          className="leads-contact__block leads-contact__form"
          aria-labelledby="leads-message-title"
        >
          <h2 id="leads-message-title">Message Us</h2>
          <ContactForm />
        </section>
        <section className="leads-contact__block leads-contact__hours" aria-label="Hours">
          <Hours title="Sales Hours" days={b.hours.sales} />
          <Hours title="Service Hours" days={b.hours.service} />
          <Hours title="Parts Hours" days={b.hours.parts} />
        </section>
      </div>
    </div>
  );
}
