import type { FastifyBaseLogger } from 'fastify';
import type { ListQuery, ListResponse } from '@storedesk/shared/lists';
import type { Slide, SlideInput, SlideUpdate, StorefrontSlide } from '@storedesk/shared/slides/schemas';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { notFound } from '#server/lib/errors.ts';
import { replaceImage } from '#server/lib/replace-image.ts';
import { scopeOf, type Scope } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { fileUrl, imageKey, type ImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';

import * as repo from './slides.repository.ts';

export function toSlide(row: repo.SlideRow): Slide {
  return {
    id: row.id,
    title: row.title,
    titleHi: row.titleHi,
    titleKn: row.titleKn,
    position: row.position,
    imageUrl: row.imageKey ? fileUrl(row.imageKey) : null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Slides are the business's, not a zone's: their events name no zone. */
function announce(db: Executor, scope: Scope, slideId: string, action: string) {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: null,
    topic: 'slides',
    action,
    recordId: slideId,
  });
}

export async function listSlides(
  db: Database,
  auth: AuthContext,
  query: ListQuery,
): Promise<ListResponse<Slide>> {
  const { items, total } = await repo.findSlides(db, scopeOf(auth), query);
  return { items: items.map(toSlide), total };
}

/** A live slide of the caller's business, or 404. */
export async function getSlide(db: Executor, auth: AuthContext, slideId: string): Promise<Slide> {
  const row = await repo.findSlide(db, scopeOf(auth), slideId);
  if (!row) throw notFound();
  return toSlide(row);
}

export async function createSlide(db: Database, auth: AuthContext, input: SlideInput): Promise<Slide> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const row = await repo.insertSlide(tx, scope, input);
    await announce(tx, scope, row.id, 'created');
    return toSlide(row);
  });
}

export async function updateSlide(
  db: Database,
  auth: AuthContext,
  slideId: string,
  input: SlideUpdate,
): Promise<Slide> {
  const scope = scopeOf(auth);
  const { version, ...values } = input;
  return db.transaction(async (tx) => {
    const row = await writeVersioned(
      () => repo.updateSlide(tx, scope, slideId, version, values),
      async () => {
        const now = await repo.findSlide(tx, scope, slideId);
        return now && toSlide(now);
      },
    );
    await announce(tx, scope, slideId, 'updated');
    return toSlide(row);
  });
}

export async function deleteSlide(
  db: Database,
  auth: AuthContext,
  slideId: string,
  version: number,
): Promise<void> {
  const scope = scopeOf(auth);
  await db.transaction(async (tx) => {
    await writeVersioned(
      () => repo.softDeleteSlide(tx, scope, slideId, version, { id: auth.user.id, name: auth.user.name }),
      async () => {
        const now = await repo.findSlide(tx, scope, slideId);
        return now && toSlide(now);
      },
    );
    await announce(tx, scope, slideId, 'deleted');
    await publishEvent(tx, {
      businessId: scope.businessId,
      zoneId: null,
      topic: 'trash',
      action: 'added',
      recordId: slideId,
    });
  });
}

export async function setSlideImage(
  db: Database,
  storage: Storage,
  log: FastifyBaseLogger,
  auth: AuthContext,
  slideId: string,
  upload: ImageUpload,
): Promise<Slide> {
  const scope = scopeOf(auth);
  const key = imageKey(scope.businessId, 'slides', upload.extension);
  return replaceImage(storage, log, key, upload, (newKey) =>
    db.transaction(async (tx) => {
      const before = await repo.setSlideImage(tx, scope, slideId, newKey);
      if (!before) throw notFound();
      await announce(tx, scope, slideId, 'updated');
      return { result: await getSlide(tx, auth, slideId), replacedKey: before.imageKey };
    }),
  );
}

/**
 * The customer app's slides: the business's live slides that have an image, in
 * position order, each image as an absolute URL under `origin` (the app runs
 * on another origin, so a path alone would point at the app's own server).
 */
export async function listStorefrontSlides(db: Executor, businessId: string): Promise<StorefrontSlide[]> {
  const rows = await repo.findSlidesWithImages(db, businessId);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    titleHi: row.titleHi,
    titleKn: row.titleKn,
    position: row.position,
    // Below the origin the app was loaded from: its own shop origin, whose policy allows no other (ADR 0055).
    imageUrl: fileUrl(row.imageKey!),
  }));
}
