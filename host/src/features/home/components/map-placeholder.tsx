import { useState } from "react";
import { defineIsland, ISLAND_ATTRIBUTES, useSite } from "remote-kit";
import type { Address } from "shared-types";

export const mapEmbedUrl = (address: Address) =>
  `https://www.google.com/maps?output=embed&q=${encodeURIComponent(
    `${address.line1}, ${address.city}, ${address.province} ${address.postal_code}`,
  )}`;

const mapsLinkUrl = (address: Address) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    `${address.line1}, ${address.city}, ${address.province} ${address.postal_code}`,
  )}`;

/**
 * The external map costs a visitor's data and privacy; it loads only when asked for (SPEC §2 Home). Before its
 * script runs (or without scripts) the placeholder is a link to the map, which works just as well on a phone.
 */
function MapPlaceholder() {
  const { name, address } = useSite().business;
  const [loaded, setLoaded] = useState(false);
  if (loaded) {
    return (
      <iframe
        className="host-map host-map--loaded"
        title={`Map to ${name}`}
        src={mapEmbedUrl(address)}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    );
  }
  return (
    <a
      className="host-map host-map--placeholder"
      href={mapsLinkUrl(address)}
      rel="noopener"
      // a click before this code has arrived is held and given to it (the page script): the map loads in place
      {...{ [ISLAND_ATTRIBUTES.replay]: "map" }}
      onClick={(event) => {
        event.preventDefault();
        setLoaded(true);
      }}
    >
      <span className="host-map__pin" aria-hidden="true" />
      <span className="host-map__label">
        {address.line1}, {address.city}
        <br />
        <strong>Click to load the map</strong>
      </span>
    </a>
  );
}

export default defineIsland("host/map", MapPlaceholder, { hydrate: "interaction" });
