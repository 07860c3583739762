import { breadcrumbJsonLd, usePageHead, useSite } from "remote-kit";
import { paths } from "shared-types";
import { DEFAULT_CREDIT_APPLICATION_URL } from "../credit-application";

export const CREDIT_APPLICATION_URL: string =
  import.meta.env.VITE_CREDIT_APPLICATION_URL ?? DEFAULT_CREDIT_APPLICATION_URL;

export function FinancingFormPage() {
  const { siteUrl, business } = useSite();
  usePageHead({
    title: `Online Credit Application | ${business.name}`,
    description:
      "Apply online for fleet truck and van financing or leasing; our fleet team replies within one business day.",
    canonical: paths.financingForm(),
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Fleet Financing", path: paths.financing() },
        { name: "Online Credit Application", path: paths.financingForm() },
      ]),
    ],
  });
  return (
    <div className="catalog-page catalog-page--wide">
      <h1 className="catalog-page__title">Online Credit Application</h1>
      <p>
        The application opens below. If it does not load,{" "}
        <a href={CREDIT_APPLICATION_URL} target="_blank" rel="noopener noreferrer">
          open the credit application in a new tab
        </a>
        .
      </p>
      <iframe className="catalog-credit-frame" title="Online credit application" src={CREDIT_APPLICATION_URL} />
    </div>
  );
}
