import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// To operations when a lead's delivery has used its last try: what failed and how to send it again. No personal
// data: the lead's id, the channel and the error only.

export interface DeliveryFailureAlertProps {
  leadId: string;
  channel: string;
  attempts: number;
  error: string;
  department: string;
  businessName: string;
}

const RESEND_ALL = "npm run leads:resend -w api";
const resendOne = (leadId: string) => `${RESEND_ALL} -- --lead ${leadId}`;
const HEALTH = "GET /api/health/deliveries";

const summary = ({ department, businessName, channel, attempts }: DeliveryFailureAlertProps) =>
  `A ${department} lead from the ${businessName} website could not be delivered to ${channel} after ${attempts} tries.`;

export function DeliveryFailureAlert(props: DeliveryFailureAlertProps) {
  const { leadId, channel, error } = props;
  return (
    <EmailLayout>
      <p>{summary(props)}</p>
      <table cellPadding="4" style={{ borderCollapse: "collapse" }}>
        <tbody>
          <tr>
            <th align="left">Lead id</th>
            <td>{leadId}</td>
          </tr>
          <tr>
            <th align="left">Channel</th>
            <td>{channel}</td>
          </tr>
          <tr>
            <th align="left">Last error</th>
            <td>{error}</td>
          </tr>
        </tbody>
      </table>
      <p>
        The lead is stored. Once the cause is fixed, send it again with <code>{resendOne(leadId)}</code> (or every
        failed delivery: <code>{RESEND_ALL}</code>).
      </p>
      <p>
        Delivery status: <code>{HEALTH}</code> on the API's internal listener.
      </p>
    </EmailLayout>
  );
}

export const deliveryFailureAlertEmail = (props: DeliveryFailureAlertProps): HtmlEmail => ({
  subject: `ALERT: a website lead was not delivered (${props.channel}, lead ${props.leadId})`,
  text: [
    summary(props),
    "",
    `Lead id:    ${props.leadId}`,
    `Channel:    ${props.channel}`,
    `Last error: ${props.error}`,
    "",
    "The lead is stored. Once the cause is fixed, send it again with:",
    `  ${resendOne(props.leadId)}`,
    `(or every failed delivery: ${RESEND_ALL}).`,
    `Delivery status: ${HEALTH} on the API's internal listener.`,
    "",
  ].join("\n"),
  html: renderHtml(<DeliveryFailureAlert {...props} />),
});
