import { z } from 'zod';
import { limits } from '../limits.ts';
import { listQuerySchema } from '../lists.ts';
import { messages } from '../messages.ts';
import { optionalLine, requiredLine, versionSchema } from '../text.ts';

export const slidePositions = { min: 1, max: 10 } as const;

export const slidePositionSchema = z
  .number({ error: messages.isRequired })
  .int(messages.slidePosition)
  .min(slidePositions.min, messages.slidePosition)
  .max(slidePositions.max, messages.slidePosition);

/** SPEC §5 slide: title and position (1 to 10) required; the image goes up on its own (PUT …/image). */
export const slideInputSchema = z.object({
  title: requiredLine(limits.nameMax),
  /** The title in Hindi and in Kannada (B19, ADR 0085); null or blank: none, the English shows. */
  titleHi: optionalLine(limits.nameMax).default(null),
  titleKn: optionalLine(limits.nameMax).default(null),
  position: slidePositionSchema,
});
export type SlideInput = z.infer<typeof slideInputSchema>;

export const slideUpdateSchema = slideInputSchema
  .extend({ titleHi: optionalLine(limits.nameMax), titleKn: optionalLine(limits.nameMax) })
  .partial()
  .extend({ version: versionSchema });
export type SlideUpdate = z.infer<typeof slideUpdateSchema>;

export const slideListQuerySchema = listQuerySchema;
export type SlideListQuery = z.infer<typeof slideListQuerySchema>;

export const slideSchema = z.object({
  id: z.string(),
  title: z.string(),
  titleHi: z.string().nullable(),
  titleKn: z.string().nullable(),
  position: z.number().int(),
  imageUrl: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Slide = z.infer<typeof slideSchema>;

/** What the customer app reads: live slides that have an image, in position order. */
export const storefrontSlideSchema = z.object({
  id: z.string(),
  title: z.string(),
  titleHi: z.string().nullable(),
  titleKn: z.string().nullable(),
  position: z.number().int(),
  imageUrl: z.string(),
});
export type StorefrontSlide = z.infer<typeof storefrontSlideSchema>;
