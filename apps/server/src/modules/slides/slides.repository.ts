import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@storedesk/shared/lists';
import type { Executor } from '#server/db/client.ts';
import { slides } from '#server/db/schema.ts';
import { nameMatches } from '#server/lib/search.ts';
import { ofBusiness, type Scope } from '#server/lib/scope.ts';

export type SlideValues = { title: string; titleHi: string | null; titleKn: string | null; position: number };

const columns = {
  id: slides.id,
  title: slides.title,
  titleHi: slides.titleHi,
  titleKn: slides.titleKn,
  position: slides.position,
  imageKey: slides.imageKey,
  version: slides.version,
  updatedAt: slides.updatedAt,
};

export type SlideRow = {
  id: string;
  title: string;
  titleHi: string | null;
  titleKn: string | null;
  position: number;
  imageKey: string | null;
  version: number;
  updatedAt: Date;
};

/** Slides belong to the whole business: the scope's zone does not narrow them. */
function live(scope: Scope): SQL[] {
  return [ofBusiness(slides, scope), isNull(slides.deletedAt)];
}

/** Positions may repeat: slides of one position are in title order, then id. */
const slideOrder = [asc(slides.position), asc(slides.title), asc(slides.id)];

export async function findSlides(db: Executor, scope: Scope, query: ListQuery) {
  const conditions = live(scope);
  if (query.q) conditions.push(nameMatches(slides.title, query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(slides)
      .where(where)
      .orderBy(...slideOrder)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(slides).where(where),
  ]);
  return { items, total };
}

/** What the customer app shows: every live slide of the business that has an image. */
export async function findSlidesWithImages(db: Executor, businessId: string) {
  return db
    .select({
      id: slides.id,
      title: slides.title,
      titleHi: slides.titleHi,
      titleKn: slides.titleKn,
      position: slides.position,
      imageKey: slides.imageKey,
    })
    .from(slides)
    .where(and(ofBusiness(slides, { businessId }), isNull(slides.deletedAt), isNotNull(slides.imageKey)))
    .orderBy(...slideOrder);
}

export async function findSlide(db: Executor, scope: Scope, slideId: string): Promise<SlideRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(slides)
    .where(and(...live(scope), eq(slides.id, slideId)));
  return row;
}

export async function insertSlide(db: Executor, scope: Scope, values: SlideValues): Promise<SlideRow> {
  const [row] = await db
    .insert(slides)
    .values({ businessId: scope.businessId, ...values })
    .returning(columns);
  return row!;
}

export async function updateSlide(
  db: Executor,
  scope: Scope,
  slideId: string,
  version: number,
  values: Partial<SlideValues>,
): Promise<SlideRow | undefined> {
  const [row] = await db
    .update(slides)
    .set({ ...values, version: sql`${slides.version} + 1`, updatedAt: sql`now()` })
    .where(and(...live(scope), eq(slides.id, slideId), eq(slides.version, version)))
    .returning(columns);
  return row;
}

export async function softDeleteSlide(
  db: Executor,
  scope: Scope,
  slideId: string,
  version: number,
  deletedBy: { id: string; name: string },
): Promise<SlideRow | undefined> {
  const [row] = await db
    .update(slides)
    .set({
      deletedAt: sql`now()`,
      deletedById: deletedBy.id,
      deletedByName: deletedBy.name,
      version: sql`${slides.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(...live(scope), eq(slides.id, slideId), eq(slides.version, version)))
    .returning(columns);
  return row;
}

/** Points a slide at a new image; answers the image key it had, or undefined when there is no such slide. */
export async function setSlideImage(db: Executor, scope: Scope, slideId: string, imageKey: string) {
  const [before] = await db
    .select({ imageKey: slides.imageKey })
    .from(slides)
    .where(and(...live(scope), eq(slides.id, slideId)))
    .for('update');
  if (!before) return undefined;
  await db
    .update(slides)
    .set({ imageKey, version: sql`${slides.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(slides, scope), eq(slides.id, slideId)));
  return before;
}
