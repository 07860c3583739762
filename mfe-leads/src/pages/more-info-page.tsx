import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { applyPageMeta } from "shared-types";
import { findUnit } from "../api/unit-lookup";
import MoreInfoForm from "../forms/more-info-form";
import { useAsync } from "../hooks/use-async";

export function MoreInfoPage() {
  const { id = "" } = useParams();
  const unit = useAsync(id, () => findUnit(id));
  const title = unit.status === "done" && unit.value ? unit.value.title : `Stock #${id}`;
  useEffect(() => applyPageMeta(`More information: ${title}`), [title]);

  return (
    <div className="leads-page leads-request">
      <div className="leads-request__unit">
        {unit.status === "loading" ? <p className="leads-muted">Loading...</p> : null}
        {unit.status === "done" && unit.value ? (
          <>
            {unit.value.image ? (
              <img
                className="leads-request__image"
                src={unit.value.image}
                alt={unit.value.title}
                width={640}
                height={400}
              />
            ) : null}
            <h1 className="leads-page__title">
              <Link to={unit.value.href}>{unit.value.title}</Link>
            </h1>
            <p className="leads-muted">Stock #{unit.value.stockNumber}</p>
          </>
        ) : null}
        {unit.status === "done" && !unit.value ? (
          <>
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
