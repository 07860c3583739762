import { usePageHead, useSite } from "remote-kit";
import { useSearchParams } from "remote-kit/router";
import { paths } from "shared-types";
import UnsubscribeConfirm from "../islands/unsubscribe-confirm";

/** Where a marketing email's unsubscribe link lands (?email=…&token=…). */
export function UnsubscribePage() {
  const { business: b } = useSite();
  const [params] = useSearchParams();
  usePageHead({
    title: `Unsubscribe from ${b.name} emails`,
    description: `Stop offers and specials by email from ${b.name}.`,
    canonical: paths.unsubscribe(),
    robots: "noindex",
  });
  return (
    <div className="leads-page leads-unsubscribe">
      <h1 className="leads-page__title">Unsubscribe from our emails</h1>
      <UnsubscribeConfirm email={params.get("email")?.trim() ?? ""} token={params.get("token")?.trim() ?? ""} />
    </div>
  );
}
