import { HttpStatus, Link, usePageHead, useResource } from "remote-kit";
import { useParams } from "remote-kit/router";
import { paths } from "shared-types";
import { lineupModelResource } from "../api/resources";
import ContactForm from "../forms/contact-form";
import InquiryForm from "../forms/inquiry-form";
import QuoteForm from "../forms/quote-form";

/** /contact/inquiry/{id} and /contact/quote/{id}: the same page, told apart by `kind` (SPEC §2). */
export function ModelRequestPage({ kind }: { kind: "inquiry" | "quote" }) {
  const { id = "" } = useParams();
  const model = useResource(lineupModelResource, id);
  const found = model.status === "done" ? model.value : null;
  const unknown = model.status === "failed" || (model.status === "done" && !found);
  const what = kind === "quote" ? "Quote Request" : "More Information";
  usePageHead({
    title: found ? `${what}: ${found.name}` : what,
    description: found
      ? `${kind === "quote" ? "Request a fleet quote for" : "Ask about"} the ${found.name}: fill out the form and our fleet team will be in touch.`
      : "Tell our fleet team what you are looking for and we will be in touch.",
    canonical: kind === "quote" ? paths.quote(id) : paths.inquiry(id),
    ...(model.status === "done" && !found ? { robots: "noindex" } : {}),
  });
  const RequestForm = kind === "quote" ? QuoteForm : InquiryForm;

  return (
    <div className="leads-page leads-request">
      {model.status === "done" && !found ? <HttpStatus code={404} /> : null}
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
