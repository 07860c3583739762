import { breadcrumbJsonLd, Link, usePageHead, useResource, useSite } from "remote-kit";
import { LEAD_FORMS, MARKETING_CONSENT, paths, telHref } from "shared-types";
import { privacyFactsResource } from "../api/resources";
import { DRAFT_MAX_AGE_MS } from "../stores/draft-store";

/** When this notice last changed: a visitor (and a regulator) can tell which version they read. */
export const PRIVACY_NOTICE_UPDATED = "2026-11-22";

const days = (n: number) => (n % 365 === 0 ? `${n / 365 === 1 ? "12 months" : `${n / 365} years`}` : `${n} days`);

/**
 * The privacy notice every form links to: what the site collects, why, who sees it, how long it is kept and how to
 * have it corrected or deleted. Written for an Alberta business (PIPA) that sends commercial email (CASL).
 */
export function PrivacyPage() {
  const { siteUrl, business: b } = useSite();
  const facts = useResource(privacyFactsResource);
  usePageHead({
    title: `Privacy notice | ${b.name}`,
    description: `What ${b.name} collects when you send an enquiry, why, how long it is kept, and how to ask for it to be corrected or deleted.`,
    canonical: paths.privacy(),
    jsonLd: [breadcrumbJsonLd(siteUrl, [{ name: "Privacy notice", path: paths.privacy() }])],
  });
  const retention =
    facts.status === "done"
      ? {
          leads: days(facts.value.lead_retention_days),
          filtered: days(facts.value.quarantine_retention_days),
        }
      : null;
  const formTitles = [...new Set(Object.values(LEAD_FORMS).map((form) => form.title))];

  return (
    <article className="leads-page leads-privacy">
      <h1 className="leads-page__title">Privacy notice</h1>
      <p className="leads-muted">Last updated {PRIVACY_NOTICE_UPDATED}</p>
      <p>
        {b.name} sells and services commercial trucks, vans and trailers at {b.address.line1}, {b.address.line2}. This
        notice explains what we collect when you contact us through this website, and what we do with it. Alberta's
        Personal Information Protection Act (PIPA) governs how we handle it, and Canada's Anti-Spam Legislation (CASL)
        how we email you.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          What you type into one of our forms: your name, company, email address, phone number and message, and for
          parts or service, the make and model of your vehicle.
        </li>
        <li>
          The vehicle, trailer or model you asked about, the form you used and the page you sent it from. We keep the
          page's address without anything after a "?" or "#", so searches and tracking tags in links are not stored.
        </li>
        <li>When you sent it.</li>
        <li>
          If you tick the box offering our emails: your consent, with the exact wording you agreed to, the form and page
          you agreed on, and the time.
        </li>
      </ul>
      <p>
        We do not use advertising or analytics trackers. Our forms set two small security cookies that stop other
        websites from sending forms in your name; they hold no personal information. While you fill in a form, what you
        type is kept in your own browser (not sent to us) so a reload or a dropped connection loses nothing; it is
        deleted when your enquiry is sent, or after {Math.round(DRAFT_MAX_AGE_MS / 86_400_000)} days.
      </p>

      <h2>Why we collect it</h2>
      <p>
        To answer you: your enquiry goes to the department that can help (sales, service, parts or the body shop), which
        calls or emails you back. Our forms are: {formTitles.join(", ")}. We use what you send for nothing else, and we
        never sell it.
      </p>
      <p>
        We send offers, new inventory and service specials by email only if you ticked the box that says: "
        {MARKETING_CONSENT.text}" Every such email has an unsubscribe link, and withdrawing your consent takes effect at
        once.
      </p>

      <h2>Who sees it</h2>
      <p>
        Our sales, service, parts and body shop staff, and the customer-management system our staff work in, which keeps
        it on our behalf under contract. Credit applications are made on Dealertrack's secure site, under its own
        privacy policy; nothing you type there passes through this website.
      </p>

      <h2 id="retention">How long we keep it</h2>
      {retention ? (
        <ul>
          <li>Enquiries are deleted from this website's systems {retention.leads} after they are sent.</li>
          <li>Submissions our spam filter caught are deleted after {retention.filtered}.</li>
        </ul>
      ) : (
        <p>
          Enquiries are deleted from this website's systems after a set period. Call us to hear how long it is today.
        </p>
      )}
      <p>
        When you become a customer, your records (quotes, sales, repair orders) are kept as long as tax and warranty
        rules require. Our server logs never contain what you typed into a form. A record that you withdrew consent to
        our emails is kept, so that we keep honouring it.
      </p>

      <h2 id="your-rights">Seeing, correcting or deleting your information</h2>
      <p>
        You may ask what we hold about you, ask us to correct it, or ask us to delete it. Email{" "}
        <a href={`mailto:${b.primary_email}?subject=Privacy%20request`}>{b.primary_email}</a> with "Privacy request" in
        the subject, or call <a href={telHref(b.phone_sales)}>{b.phone_sales}</a>. We confirm it is you, then answer
        within 45 days, as PIPA requires. If you are not satisfied with our answer, you may contact the Office of the
        Information and Privacy Commissioner of Alberta.
      </p>
      <p>
        To stop our emails, use the unsubscribe link in any of them, or <Link to={paths.contact()}>contact us</Link>.
      </p>
    </article>
  );
}
