// SQL text for names and literals written into DDL (triggers cannot take bound parameters).

/** A quoted SQL identifier. */
export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A SQL string literal. */
export const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
