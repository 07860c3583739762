import { type AuditEntry, formatDealershipTime } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, ScrollingTable } from "../../ui/layout.js";

const shown = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value, null, 1));

/** Every change, from the desk or elsewhere: who, when, what, before and after (admins only; the API refuses others). */
export function AuditPage({ signedIn, entries }: { signedIn: SignedIn; entries: AuditEntry[] }) {
  return (
    <Layout title="Audit log" signedIn={signedIn}>
      <ScrollingTable label="Audit log">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">On</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="desk-when">{formatDealershipTime(entry.at)}</td>
              <td>{entry.staff_email}</td>
              <td>{entry.action}</td>
              <td>{entry.subject}</td>
              <td>
                <pre>{shown(entry.before)}</pre>
              </td>
              <td>
                <pre>{shown(entry.after)}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </Layout>
  );
}
