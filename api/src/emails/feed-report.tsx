import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// The sales desk's email about a feed run that needs a person (feeds/feed-service.ts): what was refused, or each
// rejected row with its reason.

export interface FeedReportProps {
  subject: string;
  /** What happened to the rest of the feed, or "" when the whole feed was refused (the one line says it). */
  intro: string;
  lines: string[];
  runId: string;
}

const seeEveryRun = (runId: string) => `Run ${runId}: the staff desk's Feeds page shows every run.`;

export function FeedReport({ intro, lines, runId }: FeedReportProps) {
  return (
    <EmailLayout>
      {intro ? <p>{intro}</p> : null}
      <ul>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      <p>{seeEveryRun(runId)}</p>
    </EmailLayout>
  );
}

export const feedReportEmail = (props: FeedReportProps): HtmlEmail => ({
  subject: props.subject,
  text: [props.intro, ...props.lines, "", seeEveryRun(props.runId)].filter((line, i) => line || i > 0).join("\n"),
  html: renderHtml(<FeedReport {...props} />),
});
