import { formatCents, paths } from "shared-types";
import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// A saved search's alert (saved-searches/saved-search-alerts.ts decides when): each new or cheaper unit with its
// photo, price and link; how to keep the search, and how to stop it.

/** A unit an alert tells about: new to the search, or its all-in price lower than when last told. */
export interface AlertUnit {
  stock_number: string;
  title: string;
  price_cents: number;
  was_cents: number | null;
  photo: string | null;
}

export interface SavedSearchAlertProps {
  subject: string;
  intro: string;
  units: readonly AlertUnit[];
  /** Matches beyond the ones listed, and the search's page that shows them all. */
  more: number;
  searchUrl: string;
  siteUrl: string;
  lapsesOn: string;
  renewLink: string;
  unsubscribeLink: string;
  /** The dealership's name, postal address and phone (CASL). */
  sender: string;
}

const WHY = "You receive this because you saved this search and confirmed your address.";
const CELL = { padding: "8px", borderBottom: "1px solid #ddd", verticalAlign: "top" } as const;

const unitLink = (siteUrl: string, unit: AlertUnit) => `${siteUrl}${paths.vehicle(unit.stock_number)}`;

function UnitCard({ unit, siteUrl }: { unit: AlertUnit; siteUrl: string }) {
  const href = unitLink(siteUrl, unit);
  const price = unit.price_cents > 0 ? `${formatCents(unit.price_cents)} all-in, plus GST` : "Contact Us For Pricing";
  return (
    <tr>
      <td style={CELL}>
        {unit.photo ? (
          <a href={href}>
            {/* lazy: React would otherwise add a preload of the photo to the email's head */}
            <img
              src={unit.photo}
              alt={unit.title}
              width={160}
              height={120}
              loading="lazy"
              style={{ display: "block", border: 0 }}
            />
          </a>
        ) : null}
      </td>
      <td style={CELL}>
        <a href={href}>
          <strong>{unit.title}</strong>
        </a>
        <br />
        {price}
        <br />
        {unit.was_cents ? (
          <span style={{ color: "#1d5e2a" }}>Price drop: was {formatCents(unit.was_cents)}</span>
        ) : (
          "New in stock"
        )}
      </td>
    </tr>
  );
}

export function SavedSearchAlert(props: SavedSearchAlertProps) {
  const { intro, units, more, searchUrl, siteUrl, lapsesOn, renewLink, unsubscribeLink, sender } = props;
  return (
    <EmailLayout footer={`${WHY} ${sender}`}>
      <p>{intro}</p>
      <table cellPadding="0" cellSpacing="0" style={{ borderCollapse: "collapse" }}>
        <tbody>
          {units.map((unit) => (
            <UnitCard key={unit.stock_number} unit={unit} siteUrl={siteUrl} />
          ))}
        </tbody>
      </table>
      {more > 0 ? (
        <p>
          <a href={searchUrl}>And {more} more</a>
        </p>
      ) : null}
      <p>
        This search stops on {lapsesOn} unless you <a href={renewLink}>keep it for 6 more months</a>.
      </p>
      <p>
        <a href={unsubscribeLink}>Unsubscribe</a> from this search's emails.
      </p>
    </EmailLayout>
  );
}

function savedSearchAlertText(props: SavedSearchAlertProps): string {
  const line = (unit: AlertUnit) =>
    `${unit.title}: ${unit.price_cents > 0 ? `${formatCents(unit.price_cents)} all-in` : "Contact Us For Pricing"}${
      unit.was_cents ? ` (was ${formatCents(unit.was_cents)})` : " (new)"
    }\n  ${unitLink(props.siteUrl, unit)}`;
  return [
    props.intro,
    "",
    ...props.units.map(line),
    ...(props.more > 0 ? [`And ${props.more} more: ${props.searchUrl}`] : []),
    "",
    `This search stops on ${props.lapsesOn} unless you keep it: ${props.renewLink}`,
    `Unsubscribe: ${props.unsubscribeLink}`,
    "",
    `${WHY} ${props.sender}`,
    "",
  ].join("\n");
}

export const savedSearchAlertEmail = (props: SavedSearchAlertProps): HtmlEmail => ({
  subject: props.subject,
  text: savedSearchAlertText(props),
  html: renderHtml(<SavedSearchAlert {...props} />),
});
