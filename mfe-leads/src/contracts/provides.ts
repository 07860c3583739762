import { defineProvides, type ShapeOf, t } from "remote-kit/contracts";

/** The line-up model a request is about (team catalog's data, passed through by whoever renders the form). */
const modelRef = t.shape({ make: t.string, name: t.string });

/**
 * What team leads exposes, and the props each form takes. The forms' own prop types are derived from this, and the
 * build writes it into the manifest, where every consumer's pipeline checks what it passes (remote-kit contracts).
 * Changing a prop here is changing a contract: keep what the previous release took for at least one release.
 */
export const PROVIDES = defineProvides({
  modules: {
    "./routes": { props: {} },
    "./contact-form": { props: {} },
    "./more-info-form": { props: { stockNumber: t.string } },
    "./inquiry-form": { props: { modelId: t.string, modelName: t.string } },
    "./quote-form": { props: { modelId: t.string, modelName: t.string } },
    "./vehicle-contact-form": {
      props: {
        stockNumber: t.string,
        vin: t.optional(t.string),
        make: t.optional(t.string),
        model: t.optional(t.string),
      },
    },
    "./service-request-form": { props: { model: t.optional(modelRef) } },
    "./parts-request-form": { props: { model: t.optional(modelRef) } },
    "./service-booking-form": {
      props: {
        section: t.oneOf("service", "body-shop"),
        serviceTitle: t.string,
        /** Tells two forms on one page apart (each keeps its own draft). */
        placement: t.optional(t.string),
      },
    },
    "./trailer-enquiry-form": {
      props: { stockNumber: t.string, name: t.string, manufacturer: t.string, vin: t.string },
    },
    "./vehicle-finder-form": {
      props: { make: t.optional(t.string), model: t.optional(t.string), search: t.optional(t.string) },
    },
  },
});

type PropsOf<M extends keyof typeof PROVIDES.modules> = ShapeOf<(typeof PROVIDES.modules)[M]["props"]>;

export type LeadModelRef = ShapeOf<typeof modelRef.fields>;
export type ContactFormProps = PropsOf<"./contact-form">;
export type MoreInfoFormProps = PropsOf<"./more-info-form">;
export type ModelRequestFormProps = PropsOf<"./inquiry-form">;
export type VehicleContactFormProps = PropsOf<"./vehicle-contact-form">;
export type ServiceRequestFormProps = PropsOf<"./service-request-form">;
export type PartsRequestFormProps = PropsOf<"./parts-request-form">;
export type ServiceBookingFormProps = PropsOf<"./service-booking-form">;
export type TrailerEnquiryFormProps = PropsOf<"./trailer-enquiry-form">;
export type VehicleFinderFormProps = PropsOf<"./vehicle-finder-form">;
