import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { applyPageMeta, paths } from "shared-types";
import { findLineupModel } from "../api/unit-lookup";
import ContactForm from "../forms/contact-form";
import InquiryForm from "../forms/inquiry-form";
import QuoteForm from "../forms/quote-form";
import { useAsync } from "../hooks/use-async";

/** /contact/inquiry/{id} and /contact/quote/{id}: the same page, told apart by `kind` (SPEC §2). */
export function ModelRequestPage({ kind }: { kind: "inquiry" | "quote" }) {
  const { id = "" } = useParams();
  const model = useAsync(id, () => findLineupModel(id));
  const found = model.status === "done" ? model.value : null;
  const name = found?.name ?? "";
  useEffect(
    () =>
      applyPageMeta(name ? `${kind === "quote" ? "Quote Request" : "More Information"}: ${name}` : "More Information"),
    [name, kind],
  );
  const RequestForm = kind === "quote" ? QuoteForm : InquiryForm;
  const unknown = model.status === "failed" || (model.status === "done" && !found);

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
        {unknown ? (
          <p role="status">
            We don't have a line-up model called "{id}". See the <Link to={paths.lineup("gm")}>GM</Link> and{" "}
            <Link to={paths.lineup("isuzu")}>Isuzu</Link> line-ups, or tell us what you are looking for below.
          </p>
        ) : null}
        <p>Fill out the form and we will be in touch.</p>
      </div>
      {model.status === "loading" ? <p className="leads-muted">Loading...</p> : null}
      {found ? <RequestForm key={found.id} modelId={found.id} modelName={found.name} /> : null}
      {unknown ? <ContactForm /> : null}
    </div>
  );
}
