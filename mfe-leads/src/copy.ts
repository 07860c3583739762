// Team leads' own words: what its forms say and start with (SPEC §4, §5). Copy, not a contract: it changes with a
// release of this remote alone.
import { indefiniteArticle, LEAD_THANK_YOU } from "shared-types";

export const LEAD_MESSAGES = {
  /** Most forms' thank-you (each form's own: shared-types LEAD_FORMS). */
  success: LEAD_THANK_YOU.reply.text,
  failure: "Oh no. Looks like something went wrong when sending your message. Please try again.",
  /** The API refused what was typed, and said why next to each field. */
  refused: "Please check the highlighted fields: we couldn't accept what was typed there.",
} as const;

/** The messages forms start with (SPEC §5), with "a"/"an" chosen by the name's first letter. */
export const PREFILLED_MESSAGES = {
  inquiry: (modelName: string) => `Can you send me more details about the ${modelName}?`,
  quote: (modelName: string) => `Can you send me a quote for the ${modelName}?`,
  vehicle: "I am interested in this vehicle. Can you send me more information?",
  trailer: "I am interested in this trailer. Can you send me more information?",
  serviceRequest: (modelName?: string) =>
    modelName
      ? `I would like to request servicing for ${indefiniteArticle(modelName)} ${modelName}.`
      : "I would like to request servicing for some of my fleet vehicles.",
  partsRequest: (modelName?: string) =>
    modelName
      ? `I am looking for parts for ${indefiniteArticle(modelName)} ${modelName}.`
      : "I am looking for parts for some of my fleet vehicles.",
  customerAction: (modelName: string) => `More information request for ${modelName}`,
} as const;
