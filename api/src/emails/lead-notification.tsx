import type { CSSProperties } from "react";
import { type FleetQuoteList, formatOdometer, paths } from "shared-types";
import { EmailLayout, type HtmlEmail, LinkOrText, renderHtml } from "./email-layout.js";

// The department desk's email about a new lead (delivery/lead-messages.ts picks its rows): what the visitor sent,
// one row a fact, and a fleet quote's lines and trade-ins as tables. A reply goes to the visitor.

export interface LeadNotificationProps {
  subject: string;
  intro: string;
  /** Label and value, in the order a desk reads them, none empty. */
  rows: [string, string][];
  quote: FleetQuoteList | null;
  siteUrl: string;
  businessName: string;
}

const ROW_RULE = "1px solid #ddd";
const CELL: CSSProperties = { border: ROW_RULE, padding: "6px", textAlign: "left", verticalAlign: "top" };

/** A fleet quote's lines (quantity, vehicle, VIN, upfit, page) and its trade-ins, each a row of cells. */
function quoteRows(quote: FleetQuoteList, siteUrl: string) {
  return {
    lines: quote.lines.map((line) => [
      String(line.quantity),
      line.label + (line.kind === "unit" && !line.available ? " (no longer in stock)" : ""),
      line.vin,
      line.notes,
      line.kind === "unit" ? `${siteUrl}${paths.vehicle(line.stock_number)}` : "",
    ]),
    tradeIns: quote.trade_ins.map((tradeIn) => [
      `${tradeIn.year} ${tradeIn.make} ${tradeIn.model}`,
      tradeIn.vin,
      formatOdometer(tradeIn.odometer_km),
      tradeIn.notes,
    ]),
  };
}

function QuoteTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <table style={{ borderCollapse: "collapse", margin: "12px 0" }}>
      <caption style={{ textAlign: "left", fontWeight: "bold", padding: "4px 0" }}>{caption}</caption>
      <tbody>
        <tr>
          {head.map((name) => (
            <th key={name} style={CELL}>
              {name}
            </th>
          ))}
        </tr>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (
              <td key={j} style={CELL}>
                <LinkOrText value={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The fleet quote as the desk's email shows it: what was asked for, then the trade-ins (when there are any). */
export function FleetQuoteTables({ quote, siteUrl }: { quote: FleetQuoteList; siteUrl: string }) {
  const rows = quoteRows(quote, siteUrl);
  return (
    <>
      <QuoteTable
        caption={`Vehicles asked for: ${quote.unit_count} units`}
        head={["Qty", "Vehicle", "VIN", "Body or upfit", "Page"]}
        rows={rows.lines}
      />
      {quote.trade_ins.length ? (
        <QuoteTable caption="Trade-ins" head={["Vehicle", "VIN", "Odometer", "Notes"]} rows={rows.tradeIns} />
      ) : null}
    </>
  );
}

/** The fleet quote in the text part: numbered lines, indented under their heading. */
export function fleetQuoteText(quote: FleetQuoteList): string {
  return [
    `Vehicles asked for (${quote.unit_count} units):`,
    ...quote.lines.map(
      (line, i) =>
        `  ${i + 1}. ${line.quantity} x ${line.label}${line.vin ? `, VIN ${line.vin}` : ""}${line.notes ? `. Body or upfit: ${line.notes}` : ""}`,
    ),
    ...(quote.trade_ins.length
      ? [
          "Trade-ins:",
          ...quote.trade_ins.map(
            (tradeIn, i) =>
              `  ${i + 1}. ${tradeIn.year} ${tradeIn.make} ${tradeIn.model}, VIN ${tradeIn.vin}, ${formatOdometer(tradeIn.odometer_km)}${tradeIn.notes ? `. ${tradeIn.notes}` : ""}`,
          ),
        ]
      : []),
  ].join("\n");
}

export function LeadNotification({ intro, rows, quote, siteUrl, businessName }: LeadNotificationProps) {
  return (
    <EmailLayout footer={`${businessName} website, ${siteUrl}`}>
      <p>{intro}</p>
      {quote ? <FleetQuoteTables quote={quote} siteUrl={siteUrl} /> : null}
      <table cellPadding="6" style={{ borderCollapse: "collapse" }}>
        <tbody>
          {rows.map(([label, value], i) => (
            <tr key={i}>
              <th align="left" style={{ borderBottom: ROW_RULE, verticalAlign: "top" }}>
                {label}
              </th>
              <td style={{ borderBottom: ROW_RULE, overflowWrap: "anywhere" }}>
                <LinkOrText value={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </EmailLayout>
  );
}

/** The text part: the rows' values aligned in one column after their labels. */
function leadNotificationText({ intro, rows, quote }: LeadNotificationProps): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    intro,
    "",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    ...(quote ? ["", fleetQuoteText(quote)] : []),
    "",
  ].join("\n");
}

export const leadNotificationEmail = (props: LeadNotificationProps): HtmlEmail => ({
  subject: props.subject,
  text: leadNotificationText(props),
  html: renderHtml(<LeadNotification {...props} />),
});
