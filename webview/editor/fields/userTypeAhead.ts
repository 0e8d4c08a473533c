// A user picker shows each user as "Full Name (login)", and the toolkit's dropdown finds an option
// by the start of that text as the user types: a full name was found, a login name was not (issue
// 39: "typing a login still finds them"). For user pickers the type-ahead matches both.

/** What the type-ahead reads of an option: the text shown and the value (the login name). */
export interface TypeAheadOption {
  text: string;
  value: string;
}

/** The options whose shown text or value starts with `typed`, ignoring case, in their order. */
export function userTypeAheadMatches<T extends TypeAheadOption>(options: readonly T[], typed: string): T[] {
  const t = typed.toLocaleLowerCase();
  if (!t) return [];
  return options.filter((o) => o.text.trim().toLocaleLowerCase().startsWith(t) || o.value.toLocaleLowerCase().startsWith(t));
}
