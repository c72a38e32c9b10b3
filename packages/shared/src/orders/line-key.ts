/**
 * What makes an order's line one line (B17): its item and variant, ids in any case. A request
 * naming one twice is refused, and an order's change of items matches its lines by it.
 */
export function orderLineKey(line: { itemId: string; variantId?: string | undefined }): string {
  return `${line.itemId.toLowerCase()} ${line.variantId?.toLowerCase() ?? ''}`;
}
