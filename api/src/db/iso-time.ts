/** A timestamp column as the API answers it: ISO 8601 in UTC, which every reader parses the same way. */
export const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
