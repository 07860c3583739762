import { HttpStatus, Link, usePageHead, useResource, useSite } from "remote-kit";
import { useParams } from "remote-kit/router";
import { paths } from "shared-types";
import { unitResource } from "../api/resources";
import MoreInfoForm from "../forms/more-info-form";

export function MoreInfoPage() {
  const { id = "" } = useParams();
  const { business } = useSite();
  const unit = useResource(unitResource, id);
  const found = unit.status === "done" ? unit.value : null;
  usePageHead({
    title: found ? `More information: ${found.title}, stock #${id}` : `More information: stock #${id}`,
    description: found
      ? `Ask ${business.name} about the ${found.title} (stock #${id}): pricing, availability and upfit options.`
      : `Ask ${business.name} about stock #${id}, or units like it.`,
    canonical: paths.moreInfo(id),
    image: found?.image ?? undefined,
    ...(unit.status === "done" && !found ? { robots: "noindex" } : {}),
  });

  return (
    <div className="leads-page leads-request">
      <div className="leads-request__unit">
        {unit.status === "loading" ? <p className="leads-muted">Loading...</p> : null}
        {found ? (
          <>
            {found.image ? (
              <img className="leads-request__image" src={found.image} alt={found.title} width={640} height={400} />
            ) : null}
            <h1 className="leads-page__title">
              <Link to={found.href}>{found.title}</Link>
            </h1>
            <p className="leads-muted">Stock #{found.stockNumber}</p>
          </>
        ) : null}
        {unit.status === "done" && !found ? (
          <>
            <HttpStatus code={404} />
            <h1 className="leads-page__title">More Information</h1>
            <p>
              We couldn't find stock number {id} in our inventory; it may have just sold. Send us your details and we
              will tell you about it or similar units.
            </p>
          </>
        ) : null}
        {unit.status === "failed" ? <h1 className="leads-page__title">More Information about stock #{id}</h1> : null}
        <p>
          Fill out the form and a member of our fleet team will reach out with pricing, availability and upfit options
          for this unit.
        </p>
      </div>
      <MoreInfoForm stockNumber={id} />
    </div>
  );
}
