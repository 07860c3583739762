import { type DayHours, formatDayHours } from "shared-types";

export function HoursTable({ title, days }: { title: string; days: readonly DayHours[] }) {
  return (
    <table className="host-hours">
      <caption>{title}</caption>
      <tbody>
        {days.map((day) => (
          <tr key={day.day}>
            <th scope="row">{day.day}</th>
            <td>{formatDayHours(day)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
