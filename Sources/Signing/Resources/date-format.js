// Dates as SignWell's `date_format`s write them, in the signer's own time zone. The server
// writes a locked signing date itself, in the same formats.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const two = (number) => String(number).padStart(2, "0");

// Whether `format` has a time of day (the date input then asks for one too).
export function hasTime(format) {
  return format === "MM/DD/YYYY hh:mm:ss a";
}

// `date` written in `format` (MM/DD/YYYY when the format is unknown).
export function formatDate(date, format) {
  const day = two(date.getDate());
  const month = two(date.getMonth() + 1);
  const year = String(date.getFullYear()).padStart(4, "0");
  switch (format) {
    case "DD/MM/YYYY":
      return `${day}/${month}/${year}`;
    case "YYYY/MM/DD":
      return `${year}/${month}/${day}`;
    case "Month DD, YYYY":
      return `${MONTHS[date.getMonth()]} ${day}, ${year}`;
    case "MM/DD/YYYY hh:mm:ss a": {
      const hours = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
      const half = date.getHours() < 12 ? "AM" : "PM";
      return `${month}/${day}/${year} ${two(hours)}:${two(date.getMinutes())}:${two(date.getSeconds())} ${half}`;
    }
    default:
      return `${month}/${day}/${year}`;
  }
}

// The date in a date or datetime-local input's value (local time), or null when it is empty
// or incomplete.
export function dateFromInputValue(value) {
  const match = /^(\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours = "0", minutes = "0", seconds = "0"] = match;
  return new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds));
}

// `date` as a date or datetime-local input's value.
export function inputValueFromDate(date, withTime) {
  const day = `${String(date.getFullYear()).padStart(4, "0")}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return withTime ? `${day}T${two(date.getHours())}:${two(date.getMinutes())}` : day;
}

// The date a value written in `format` stands for, or null when it is not one.
export function parseDate(text, format) {
  const numbers = (pattern) => pattern.exec(text.trim())?.slice(1).map(Number) ?? null;
  let year, month, day, hours = 0, minutes = 0, seconds = 0;
  switch (format) {
    case "DD/MM/YYYY": {
      const found = numbers(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
      if (!found) return null;
      [day, month, year] = found;
      break;
    }
    case "YYYY/MM/DD": {
      const found = numbers(/^(\d{4})\/(\d{1,2})\/(\d{1,2})$/);
      if (!found) return null;
      [year, month, day] = found;
      break;
    }
    case "Month DD, YYYY": {
      const match = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/.exec(text.trim());
      const index = match ? MONTHS.findIndex((name) => name.toLowerCase() === match[1].toLowerCase()) : -1;
      if (index < 0) return null;
      [month, day, year] = [index + 1, Number(match[2]), Number(match[3])];
      break;
    }
    case "MM/DD/YYYY hh:mm:ss a": {
      const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ([AaPp][Mm])$/.exec(text.trim());
      if (!match) return null;
      [month, day, year, hours, minutes, seconds] = match.slice(1, 7).map(Number);
      if (hours < 1 || hours > 12) return null;
      hours = (hours % 12) + (match[7].toUpperCase() === "PM" ? 12 : 0);
      break;
    }
    default: {
      const found = numbers(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
      if (!found) return null;
      [month, day, year] = found;
    }
  }
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}