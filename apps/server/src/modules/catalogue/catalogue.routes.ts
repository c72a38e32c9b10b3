import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogueListQuerySchema,
  categoryInputSchema,
  categoryMoveSchema,
  categorySchema,
  categoryUpdateSchema,
  itemInputSchema,
  itemSchema,
  itemUpdateSchema,
} from '@storedesk/shared/catalogue/schemas';
import {
  lowStockQuerySchema,
  lowStockRowSchema,
  stockAdjustmentSchema,
} from '@storedesk/shared/catalogue/variant-schemas';
import { spreadsheetLimits } from '@storedesk/shared/catalogue/spreadsheet';
import {
  catalogueCopyInputSchema,
  catalogueCopyResultSchema,
  itemCopyInputSchema,
  itemCopyResultSchema,
} from '@storedesk/shared/catalogue/copies';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { listResponseSchema } from '@storedesk/shared/lists';
import { limits } from '@storedesk/shared/limits';
import type { Database } from '#server/db/client.ts';
import { readImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';
import { deleteQuerySchema, idParam, imageErrors } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as catalogue from './catalogue.service.ts';
import * as spreadsheets from './spreadsheet.service.ts';
import * as copies from './copies.service.ts';

const storeParams = z.object({ storeId: idParam });
const categoryParams = storeParams.extend({ categoryId: idParam });
const itemParams = storeParams.extend({ itemId: idParam });
const variantParams = itemParams.extend({ variantId: idParam });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/stores/:storeId/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Categories of a store in its order (by position, then name), searchable and paged',
        params: storeParams,
        querystring: catalogueListQuerySchema,
        response: { 200: listResponseSchema(categorySchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => catalogue.listCategories(db, authOf(request), request.params.storeId, request.query),
  );

  app.post(
    '/stores/:storeId/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Add a category to a store, at the end of its order',
        params: storeParams,
        body: categoryInputSchema,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogue.createCategory(db, authOf(request), request.params.storeId, request.body)),
  );

  app.get(
    '/stores/:storeId/categories/:categoryId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One category',
        params: categoryParams,
        response: { 200: categorySchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) =>
      catalogue.getCategory(db, authOf(request), request.params.storeId, request.params.categoryId),
  );

  app.patch(
    '/stores/:storeId/categories/:categoryId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Rename a category, based on the version read',
        params: categoryParams,
        body: categoryUpdateSchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) =>
      catalogue.updateCategory(
        db,
        authOf(request),
        request.params.storeId,
        request.params.categoryId,
        request.body,
      ),
  );

  app.put(
    '/stores/:storeId/categories/:categoryId/position',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Move a category to a place in its store’s order (1 is first; past the end is last), based on the version read; the others shift around it, keeping their versions. Answers the category moved.',
        params: categoryParams,
        body: categoryMoveSchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) =>
      catalogue.moveCategory(
        db,
        authOf(request),
        request.params.storeId,
        request.params.categoryId,
        request.body,
      ),
  );

  app.delete(
    '/stores/:storeId/categories/:categoryId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Move a category to the trash; its items stay, with no category',
        params: categoryParams,
        querystring: deleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { storeId, categoryId } = request.params;
      await catalogue.deleteCategory(db, authOf(request), storeId, categoryId, request.query.version);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/stores/:storeId/items',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Items of a store, searchable and paged',
        params: storeParams,
        querystring: catalogueListQuerySchema,
        response: { 200: listResponseSchema(itemSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => catalogue.listItems(db, authOf(request), request.params.storeId, request.query),
  );

  app.post(
    '/stores/:storeId/items',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Add an item to a store',
        params: storeParams,
        body: itemInputSchema,
        response: { 201: itemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalogue.createItem(db, authOf(request), request.params.storeId, request.body)),
  );

  app.get(
    '/stores/:storeId/items/:itemId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One item',
        params: itemParams,
        response: { 200: itemSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => catalogue.getItem(db, authOf(request), request.params.storeId, request.params.itemId),
  );

  app.patch(
    '/stores/:storeId/items/:itemId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Change an item (any of its fields, such as inStock), based on the version read',
        params: itemParams,
        body: itemUpdateSchema,
        response: { 200: itemSchema, ...errors },
      },
    },
    async (request) =>
      catalogue.updateItem(db, authOf(request), request.params.storeId, request.params.itemId, request.body),
  );

  app.delete(
    '/stores/:storeId/items/:itemId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Move an item to the trash',
        params: itemParams,
        querystring: deleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { storeId, itemId } = request.params;
      await catalogue.deleteItem(db, authOf(request), storeId, itemId, request.query.version);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/stores/:storeId/items/:itemId/variants/:variantId/stock',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Adjust a variant’s stock with a reason: received adds, damaged takes away, counted sets; never below zero (409). Recorded in the audit log.',
        params: variantParams,
        body: stockAdjustmentSchema,
        response: { 200: itemSchema, ...errors },
      },
    },
    async (request) => {
      const { storeId, itemId, variantId } = request.params;
      return catalogue.adjustStock(db, authOf(request), storeId, itemId, variantId, request.body);
    },
  );

  app.get(
    '/stock/low',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Variants at or below their low-stock mark in the stores the caller sees (an admin: their zone), out of stock first',
        querystring: lowStockQuerySchema,
        response: { 200: listResponseSchema(lowStockRowSchema), 403: errorEnvelopeSchema },
      },
    },
    async (request) => catalogue.listLowStock(db, authOf(request), request.query),
  );

  app.post(
    '/stores/:storeId/items/:itemId/copies',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Keep the item in other stores too: each gets a copy at these prices (stock not counted), in its category of the same name; the copies share name, other names, tags, veg mark, tax, image and variants, so an edit in one store is every store’s, while price, stock and availability stay each store’s own. Stores that keep it already are skipped.',
        params: itemParams,
        body: itemCopyInputSchema,
        response: { 200: itemCopyResultSchema, ...errors },
      },
    },
    async (request) =>
      copies.copyItem(
        db,
        authOf(request),
        request.params.storeId,
        request.params.itemId,
        request.body.storeIds,
      ),
  );

  app.post(
    '/stores/:storeId/catalogue/copy',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Start (or fill up) this store from another store’s catalogue: every item it does not keep yet, as copies of the same products',
        params: storeParams,
        body: catalogueCopyInputSchema,
        response: { 200: catalogueCopyResultSchema, ...errors },
      },
    },
    async (request) =>
      copies.copyCatalogue(db, authOf(request), request.params.storeId, request.body.fromStoreId),
  );

  // A spreadsheet arrives whole, as bytes: CSV or Excel, up to its own limit.
  app.addContentTypeParser(
    ['text/csv', spreadsheets.xlsxType],
    { parseAs: 'buffer', bodyLimit: spreadsheetLimits.maxBytes },
    (_request, body, done) => done(null, body),
  );
  const importResultSchema = z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  });

  app.post(
    '/stores/:storeId/catalogue/import',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Import the store’s catalogue from a spreadsheet: `text/csv` or Excel (.xlsx), a header row, then one row per variant with the columns sku, name, category, variant, price, mrp, stock, gst, hsn, veg (and optionally name_hi and name_kn, the name in Hindi and Kannada, barcode, low_stock); rows of one name are one item, money in rupees. With `dryRun=true` nothing is written and the answer says what would be; without it the whole file is applied, or nothing when any row is bad (400, `error.current` holds the same answer with every bad row). Rows match variants by SKU, then by item and variant name: the same file twice changes nothing.',
        consumes: ['text/csv', spreadsheets.xlsxType],
        params: storeParams,
        querystring: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
        response: { 200: importResultSchema, ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const kind = request.headers['content-type']?.startsWith(spreadsheets.xlsxType) ? 'xlsx' : 'csv';
      return spreadsheets.importCatalogue(
        db,
        authOf(request),
        request.params.storeId,
        { body: request.body as Buffer, kind },
        request.query.dryRun === 'true',
      );
    },
  );

  app.post(
    '/catalogue/import',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Import several stores’ catalogues from one spreadsheet: the columns of a store’s import and a `store` column naming each row’s store among those the caller sees. The stores are imported one after another in one transaction, all or nothing; a new item of the same name and SKU as one a store was given before it becomes its copy (one item in many stores). With `dryRun=true` the whole import is done and rolled back, so the answer is exactly what it would do.',
        consumes: ['text/csv', spreadsheets.xlsxType],
        querystring: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
        response: { 200: importResultSchema, ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const kind = request.headers['content-type']?.startsWith(spreadsheets.xlsxType) ? 'xlsx' : 'csv';
      return spreadsheets.importCatalogues(
        db,
        authOf(request),
        { body: request.body as Buffer, kind },
        request.query.dryRun === 'true',
      );
    },
  );

  app.get(
    '/catalogue/sample.csv',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A sample catalogue in the import’s columns: forty rows to start a spreadsheet from',
        produces: ['text/csv'],
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogue-sample.csv"')
        .send(spreadsheets.sampleCatalogueExcerpt()),
  );

  for (const kind of ['csv', 'xlsx'] as const) {
    app.get(
      `/catalogue/export.${kind}`,
      {
        schema: {
          tags: ['catalogue'],
          summary: `Every store’s catalogue the caller sees as ${kind === 'csv' ? 'CSV' : 'Excel (.xlsx)'}, with the \`store\` column first: what the import of several stores reads`,
          produces: [kind === 'csv' ? 'text/csv' : spreadsheets.xlsxType],
        },
      },
      async (request, reply) => {
        const file = await spreadsheets.exportCatalogues(db, authOf(request), kind);
        return reply
          .type(kind === 'csv' ? 'text/csv; charset=utf-8' : spreadsheets.xlsxType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
    app.get(
      `/stores/:storeId/catalogue/export.${kind}`,
      {
        schema: {
          tags: ['catalogue'],
          summary: `The store’s catalogue as ${kind === 'csv' ? 'CSV' : 'Excel (.xlsx)'}, in the columns the import reads, one row per variant`,
          produces: [kind === 'csv' ? 'text/csv' : spreadsheets.xlsxType],
          params: storeParams,
        },
      },
      async (request, reply) => {
        const file = await spreadsheets.exportCatalogue(db, authOf(request), request.params.storeId, kind);
        return reply
          .type(kind === 'csv' ? 'text/csv; charset=utf-8' : spreadsheets.xlsxType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  }

  app.put(
    '/stores/:storeId/items/:itemId/image',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Replace the item’s image: multipart with one PNG or JPEG part named `image`, at most 15360 bytes',
        consumes: ['multipart/form-data'],
        params: itemParams,
        response: { 200: itemSchema, ...imageErrors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { storeId, itemId } = request.params;
      await catalogue.getItem(db, auth, storeId, itemId);
      const upload = await readImageUpload(request, { maxBytes: limits.imageMaxBytes });
      return catalogue.setItemImage(db, storage, request.log, auth, storeId, itemId, upload);
    },
  );
};
