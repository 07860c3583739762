// Exposed as inventory/trailers: the trailer list other teams may read (team leads' more-info page).

export { trailerThumbnail } from "./data/trailer-images";
export { findTrailer, TRAILERS } from "./data/trailers";
