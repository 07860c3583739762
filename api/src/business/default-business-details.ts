import { type BusinessDetails, SEED_BUSINESS_DETAILS } from "shared-types";

/**
 * The dealership's details as first stored: the API seeds its database with them once, and from then on the
 * database is the one source (GET /api/business-details; PUT with the admin token changes every page, no rebuild).
 */
export const DEFAULT_BUSINESS_DETAILS: BusinessDetails = SEED_BUSINESS_DETAILS;
