// The event image's focal point (issue 41): where the subject of the picture is, in percent of its
// width (x) and height (y) from the top left, 0-100. The public pages crop the picture around it
// (object-position: x% y%); null for both means the centre, as before. A check keeps each within
// 0-100 on both dialects. Plain integers on both dialects, so one form serves both. Frozen.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('image_focus_x', 'integer', (column) => column.check(sql`image_focus_x between 0 and 100`))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('image_focus_y', 'integer', (column) => column.check(sql`image_focus_y between 0 and 100`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('image_focus_y').execute();
  await db.schema.alterTable('events').dropColumn('image_focus_x').execute();
}
