// PostgreSQL's native types for times and flags (see the .postgres.ts sibling). SQLite has neither a
// timestamp nor a boolean type: its times stay ISO-8601 text and its flags 0/1 integers, so nothing
// changes here. Frozen.
export async function up(): Promise<void> {
  // Nothing on SQLite.
}

export async function down(): Promise<void> {
  // Nothing on SQLite.
}
