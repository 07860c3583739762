import { Link, useSite } from "remote-kit";
import { formatDayHours, paths } from "shared-types";
import { FooterClosures } from "./closure-notices";

const NAVIGATE_LINKS = [
  { label: "Home", href: paths.home() },
  { label: "GM Line-up", href: paths.lineup("gm") },
  { label: "Isuzu Line-up", href: paths.lineup("isuzu") },
  { label: "Inventory", href: paths.inventory() },
  { label: "Trailers", href: paths.trailers() },
  { label: "Financing", href: paths.financing() },
  { label: "Service", href: paths.service() },
  { label: "Parts", href: paths.parts() },
  { label: "Body Shop", href: paths.bodyShop() },
  { label: "Specials", href: paths.specials() },
  { label: "Contact Us", href: paths.contact() },
];
const HOURS_TITLES = { sales: "Sales Hours", service: "Service Hours", parts: "Parts Hours" } as const;

export function SiteFooter({ copyrightYear }: { copyrightYear: number }) {
  const { address, hours, name } = useSite().business;
  return (
    <footer className="host-footer">
      <div className="host-footer__grid">
        <nav className="host-footer__col" aria-label="Navigate">
          <h2 className="host-footer__heading">Navigate</h2>
          <ul className="host-footer__links">
            {NAVIGATE_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="host-footer__col">
          <h2 className="host-footer__heading">Location</h2>
          <address className="host-footer__address">
            {address.recipient}
            <br />
            {address.line1}
            <br />
            {address.line2}
          </address>
          <div className="host-footer__actions">
            <Link className="host-button" to={paths.contact("message_us")}>
              Message Us
            </Link>
            <Link className="host-button" to={paths.contact("call_us")}>
              Call Us
            </Link>
            <Link className="host-button" to={paths.contact("email_us")}>
              Email Us
            </Link>
          </div>
          <a className="host-footer__social" href="https://www.facebook.com/summitheavyfleet" rel="noopener noreferrer">
            Follow us on Facebook
          </a>
        </div>
        <div className="host-footer__col host-footer__hours">
          {(Object.keys(HOURS_TITLES) as (keyof typeof HOURS_TITLES)[]).map((department) => (
            <table key={department} className="host-hours">
              <caption>{HOURS_TITLES[department]}</caption>
              <tbody>
                {hours[department].map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{day.day}</th>
                    <td>{formatDayHours(day)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          <FooterClosures />
        </div>
      </div>
      <div className="host-footer__legal">
        <span className="host-footer__badge" title="Licensed by the Alberta Motor Vehicle Industry Council">
          AMVIC Licensed Business
        </span>
        <p>{name} is a member of the Summit Automotive Group of Alberta dealerships.</p>
        <p>
          © 2022-{copyrightYear} {name}. All rights reserved. <Link to={paths.privacy()}>Privacy notice</Link>
        </p>
      </div>
    </footer>
  );
}
