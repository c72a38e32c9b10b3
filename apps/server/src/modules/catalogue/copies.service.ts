/*
 * One item in many stores (B17, ADR 0063): each store keeps its own copy of a product, with its
 * own price, stock, availability, badge and category; the copies share the product's name
 * (and its Hindi and Kannada, ADR 0085), other names, tags, veg mark, tax, image and variants (labels, MRPs, SKUs, barcodes and their
 * order), so one edit in any store is every store's.
 */
import { catalogueMessages } from '@storedesk/shared/catalogue/copies';
import { stepPaise } from '@storedesk/shared/catalogue/variants';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { getStore } from '#server/modules/stores/stores.service.ts';
import * as copiesRepo from './copies.repository.ts';
import * as variantsRepo from './variants.repository.ts';
import type { StoreRef } from './categories.repository.ts';

function announce(db: Executor, store: StoreRef & { zoneId: string }, action: string) {
  return publishEvent(db, {
    businessId: store.businessId,
    zoneId: store.zoneId,
    topic: 'catalogue',
    action,
    recordId: store.storeId,
  });
}

/**
 * Writes what an item's copies share to each of its other copies, after an edit of the item in
 * `store`: their fields, their variants' labels, MRPs, codes and order; a variant added is added
 * at the copy's store at this price, one removed is removed. An MRP below a copy's own price is
 * 409 on that variant's MRP, naming the store; so is a loose step that costs a fraction of a paisa
 * at a copy's own price.
 */
export async function syncCopies(tx: Executor, store: StoreRef, itemId: string): Promise<void> {
  const source = await copiesRepo.findSourceItem(tx, store, itemId);
  if (!source) return;
  const copies = await copiesRepo.findCopies(tx, store, source.productId, itemId);
  if (copies.length === 0) return;
  const variants = await copiesRepo.findSharedVariants(tx, store, itemId);
  const fields = {
    name: source.name,
    nameHi: source.nameHi,
    nameKn: source.nameKn,
    tags: source.tags,
    aliases: source.aliases,
    veg: source.veg,
    gstRate: source.gstRate,
    hsn: source.hsn,
    imageKey: source.imageKey,
  };
  for (const copy of copies) {
    const at = { businessId: store.businessId, storeId: copy.storeId };
    await copiesRepo.updateShared(tx, at, copy.id, fields);
    const own = await copiesRepo.findCopyVariants(tx, at, copy.id);
    const ownByShared = new Map(own.map((variant) => [variant.sharedId, variant]));
    const kept = new Set(variants.map((variant) => variant.sharedId));
    await variantsRepo.deleteVariants(
      tx,
      at,
      own.filter((variant) => !kept.has(variant.sharedId)).map((variant) => variant.id),
    );
    const added = [];
    for (const [index, variant] of variants.entries()) {
      const mine = ownByShared.get(variant.sharedId);
      if (!mine) {
        added.push(variant);
        continue;
      }
      if (variant.mrpPaise !== null && variant.mrpPaise < mine.pricePaise) {
        const message = catalogueMessages.mrpBelowCopyPrice(copy.storeName);
        throw new AppError('conflict', message, { fields: { [`variants.${index}.mrpPaise`]: message } });
      }
      // A loose variant's step must cost whole paise at every store's own price per kilogram.
      if (variant.stepGrams !== null && !Number.isInteger(stepPaise(mine.pricePaise, variant.stepGrams))) {
        const message = catalogueMessages.stepNotExactInCopy(
          copy.storeName,
          mine.pricePaise,
          variant.stepGrams,
        );
        throw new AppError('conflict', message, { fields: { [`variants.${index}.stepGrams`]: message } });
      }
      const { sharedId: _sharedId, pricePaise: _pricePaise, ...shared } = variant;
      await copiesRepo.updateCopyVariant(tx, at, mine.id, shared);
    }
    await copiesRepo.insertCopyVariants(tx, at, copy.id, added);
    await announce(tx, { ...at, zoneId: copy.zoneId }, 'item.updated');
  }
}

type CopyOutcome = { copied: Array<{ storeId: string; itemId: string }>; skipped: string[] };

/** Copies one item (as read in `from`) to a store that does not keep it yet; answers the copy's id. */
async function copyInto(tx: Executor, from: StoreRef, itemId: string, to: StoreRef): Promise<string | null> {
  const source = await copiesRepo.findSourceItem(tx, from, itemId);
  if (!source) throw notFound();
  if ((await copiesRepo.storesKeeping(tx, to, source.productId, [to.storeId])).size > 0) return null;
  const categoryId = source.categoryName ? await copiesRepo.categoryNamed(tx, to, source.categoryName) : null;
  const copyId = await copiesRepo.insertCopy(tx, to, {
    productId: source.productId,
    categoryId,
    name: source.name,
    nameHi: source.nameHi,
    nameKn: source.nameKn,
    tags: source.tags,
    aliases: source.aliases,
    veg: source.veg,
    gstRate: source.gstRate,
    hsn: source.hsn,
    imageKey: source.imageKey,
  });
  await copiesRepo.insertCopyVariants(tx, to, copyId, await copiesRepo.findSharedVariants(tx, from, itemId));
  return copyId;
}

/**
 * "Copy to stores": the item kept also in each of these stores, at its prices here, stock not
 * counted, in the category of the same name (made when the store has none). A store that keeps
 * it already is skipped; a store the caller cannot see is 404, and then nothing is copied.
 */
export async function copyItem(
  db: Database,
  auth: AuthContext,
  storeId: string,
  itemId: string,
  storeIds: string[],
): Promise<CopyOutcome> {
  return db.transaction(async (tx) => {
    const from = { businessId: auth.business.id, storeId };
    await getStore(tx, auth, storeId);
    if (!(await copiesRepo.findSourceItem(tx, from, itemId))) throw notFound();
    const targets = [];
    for (const id of [...new Set(storeIds.map((each) => each.toLowerCase()))]) {
      if (id === storeId.toLowerCase()) continue;
      const target = await getStore(tx, auth, id);
      targets.push({ businessId: auth.business.id, storeId: target.id, zoneId: target.zoneId });
    }
    const outcome: CopyOutcome = { copied: [], skipped: [] };
    for (const target of targets) {
      const copyId = await copyInto(tx, from, itemId, target);
      if (copyId) {
        outcome.copied.push({ storeId: target.storeId, itemId: copyId });
        await announce(tx, target, 'item.created');
      } else {
        outcome.skipped.push(target.storeId);
      }
    }
    return outcome;
  });
}

/**
 * A store starts from another's catalogue: every item of `fromStoreId` it does not keep yet. The
 * categories it lacks are made first, in the other store's order, after its own.
 */
export async function copyCatalogue(
  db: Database,
  auth: AuthContext,
  storeId: string,
  fromStoreId: string,
): Promise<{ copied: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const target = await getStore(tx, auth, storeId);
    await getStore(tx, auth, fromStoreId);
    const from = { businessId: auth.business.id, storeId: fromStoreId };
    const to = { businessId: auth.business.id, storeId: target.id };
    for (const name of await copiesRepo.findFilledCategoryNames(tx, from)) {
      await copiesRepo.categoryNamed(tx, to, name);
    }
    let copied = 0;
    let skipped = 0;
    for (const id of await copiesRepo.findLiveItemIds(tx, from)) {
      if (await copyInto(tx, from, id, to)) copied += 1;
      else skipped += 1;
    }
    if (copied > 0) await announce(tx, { ...to, zoneId: target.zoneId }, 'item.created');
    return { copied, skipped };
  });
}
