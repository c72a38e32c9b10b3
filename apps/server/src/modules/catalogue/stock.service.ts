/*
 * Stock as orders move it (B17): an order takes its lines' units in the statement that
 * writes it, and a cancelled order gives them back. Other modules reach stock only here.
 */
import { variantMessages } from '@storedesk/shared/catalogue/variants';
import type { Executor } from '#server/db/client.ts';
import { AppError } from '#server/lib/errors.ts';
import { runPart, type StatementPart } from '#server/lib/statement-part.ts';
import * as variantsRepo from './variants.repository.ts';

/**
 * An order line's stock: `quantity` in the variant's units (grams when loose, `stepGrams` being
 * the line's unit then), and the request's field that names the line.
 */
export type StockLine = variantsRepo.StockLine & { field: string; stepGrams: number | null };

/**
 * Taking an order's counted units, all or none, in the statement that writes the order (ADR 0067):
 * `part` goes into that statement, before the order's row; when any line asks for more than its
 * variant has, the statement writes nothing and `refusal` reads its error as 409 naming each such
 * line, with what is left of it in `current.available` (so the customer app can offer that many).
 * Null when no line is counted.
 */
export function stockTaking(
  store: { businessId: string; storeId: string },
  lines: StockLine[],
): { part: StatementPart; refusal: (error: unknown) => AppError | null } | null {
  if (lines.length === 0) return null;
  return {
    part: variantsRepo.stockTaking(store, lines),
    refusal(error) {
      const short = variantsRepo.shortVariantsOf(error);
      if (!short) return null;
      return stockShort(
        short.map((variant) => {
          const line = lines.find((each) => each.variantId.toLowerCase() === variant.id)!;
          // What is left, in what the line counts: whole steps of a loose variant.
          return {
            field: line.field,
            left: Math.floor(variant.stock / (line.stepGrams ?? 1)),
            stepGrams: line.stepGrams,
          };
        }),
      );
    },
  };
}

/**
 * 409 naming each line that asks for more than is left, and how many are, in what the line
 * counts (steps of a loose variant, whose message says the weight).
 */
export function stockShort(
  lines: Array<{ field: string; left: number; stepGrams: number | null }>,
): AppError {
  const fields = Object.fromEntries(
    lines.map((line) => [line.field, variantMessages.stockShort(line.left, line.stepGrams)]),
  );
  return new AppError('conflict', Object.values(fields)[0]!, {
    fields,
    current: { available: Object.fromEntries(lines.map((line) => [line.field, line.left])) },
  });
}

/**
 * Moves an order's counted units by each line's change (B18: an edit of its items), all or none,
 * in a statement of its own: a positive quantity takes units, a negative one gives them back. 409
 * naming each line that wants more than is left, as an order's `stockTaking` answers.
 */
export async function moveStock(
  tx: Executor,
  store: { businessId: string; storeId: string },
  lines: StockLine[],
): Promise<void> {
  const taking = stockTaking(store, lines);
  if (!taking) return;
  await runPart(tx, taking.part).catch((error: unknown) => {
    throw taking.refusal(error) ?? error;
  });
}

/** Gives a cancelled order's units back to its variants that are still counted. */
export async function giveBackStock(
  tx: Executor,
  store: { businessId: string; storeId: string },
  lines: variantsRepo.StockLine[],
): Promise<void> {
  await variantsRepo.giveBackStock(tx, store, lines);
}
