import { useEffect } from "react";
import { useParams } from "react-router-dom";
import { applyPageMeta, LEAD_DESTINATIONS } from "shared-types";
import { findLineupModel } from "../api/unit-lookup";
import LeadForm from "../components/lead-form";
import { useAsync } from "../hooks/use-async";

/** /contact/inquiry/{id} and /contact/quote/{id}: the same page, told apart by `kind` (SPEC §2). */
export function ModelRequestPage({ kind }: { kind: "inquiry" | "quote" }) {
  const { id = "" } = useParams();
  const model = useAsync(id, () => findLineupModel(id));
  const found = model.status === "done" ? model.value : null;
  const name = found?.name ?? "";
  useEffect(() => applyPageMeta(name ? `More Information: ${name}` : "More Information"), [name]);

  return (
    <div className="leads-page leads-request">
      <div className="leads-request__unit">
        {found ? (
          <>
            <img className="leads-request__image" src={found.image} alt={found.name} width={640} height={400} />
            <p className="leads-request__make">
              {found.make} {found.model.join(" / ")}
            </p>
          </>
        ) : null}
        <h1 className="leads-page__title">More Information</h1>
        {model.status === "done" && !found ? (
          <p role="status">We don't have a line-up model called "{id}". Tell us what you are looking for below.</p>
        ) : null}
        <p>Fill out the form and we will be in touch.</p>
      </div>
      {model.status === "loading" ? (
        <p className="leads-muted">Loading...</p>
      ) : (
        <LeadForm
          key={name}
          destination={kind === "quote" ? LEAD_DESTINATIONS.requestAQuote : LEAD_DESTINATIONS.vehicleInquiry}
          messageLabel={kind === "quote" ? "Additional Information" : "Message"}
          hidden={name ? { model: name, customer_action: `More information request for ${name}` } : { model: id }}
          defaultMessage={
            name
              ? kind === "quote"
                ? `Can you send me a quote for the ${name}?`
                : `Can you send me more details about the ${name}?`
              : ""
          }
        />
      )}
    </div>
  );
}
