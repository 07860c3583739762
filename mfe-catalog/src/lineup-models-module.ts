// Exposed as catalog/lineup-models: the line-up data other teams may read (team leads' inquiry and quote pages).
export { findLineupModel, LINEUP_MODELS } from "./data/lineup-models";
