/**
 * Team leads' exposed forms: the module each one is exposed as and the props it takes. Other remotes render a
 * form by loading its module at run time (remote-kit PeerModule) and passing exactly these props; nothing else of
 * team leads is theirs to import.
 */

/** The line-up model a request is about (team catalog's data, passed through by whoever renders the form). */
export interface LeadModelRef {
  make: string;
  name: string;
}

export type ContactFormProps = Record<string, never>;

/** /contact/more-info/{stock_number}: a vehicle's or a trailer's stock number. */
export interface MoreInfoFormProps {
  stockNumber: string;
}

/** /contact/inquiry/{id} and /contact/quote/{id}. */
export interface ModelRequestFormProps {
  modelId: string;
  modelName: string;
}

/** The inline form of /inventory/vehicle/{stock_number}. */
export interface VehicleContactFormProps {
  stockNumber: string;
  vin?: string;
  make?: string;
  model?: string;
}

/** /service and /service/{id}: Request Vehicle Service, prefilled for a model when one is given. */
export interface ServiceRequestFormProps {
  model?: LeadModelRef;
}

/** /parts and /parts/{id}: Request Vehicle Parts, with the parts the visitor needs. */
export interface PartsRequestFormProps {
  model?: LeadModelRef;
}

/** The inline booking form of a service page (/services/{link}) or a body-shop page (/body-shop-services/{link}). */
export interface ServiceBookingFormProps {
  section: "service" | "body-shop";
  serviceTitle: string;
  /** Tells two forms on one page apart (each keeps its own draft). */
  placement?: string;
}

/** The enquiry form of /trailer-inventory/{stock_number}. */
export interface TrailerEnquiryFormProps {
  stockNumber: string;
  name: string;
  manufacturer: string;
  vin: string;
}

/** "Find me this vehicle": what the visitor searched for and could not find in stock. */
export interface VehicleFinderFormProps {
  make?: string;
  model?: string;
  search?: string;
}

/** Module id (as remote-kit PeerModule takes it) → the props of its default export. */
export interface LeadFormModules {
  "leads/contact-form": ContactFormProps;
  "leads/more-info-form": MoreInfoFormProps;
  "leads/inquiry-form": ModelRequestFormProps;
  "leads/quote-form": ModelRequestFormProps;
  "leads/vehicle-contact-form": VehicleContactFormProps;
  "leads/service-request-form": ServiceRequestFormProps;
  "leads/parts-request-form": PartsRequestFormProps;
  "leads/service-booking-form": ServiceBookingFormProps;
  "leads/trailer-enquiry-form": TrailerEnquiryFormProps;
  "leads/vehicle-finder-form": VehicleFinderFormProps;
}
export type LeadFormModuleId = keyof LeadFormModules;
