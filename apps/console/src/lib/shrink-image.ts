/*
 * Pictures from a phone camera are far over the 15 KB limit of store, item and
 * slide images (D6). Before refusing one, the console tries to redraw it
 * smaller as a JPEG in the browser; the server still checks the result.
 */

const qualities = [0.85, 0.7, 0.55, 0.4];
/** Each round shrinks the longest side by this much. */
const scaleStep = 0.75;
const startSide = 1024;
const smallestSide = 48;

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'image';
  return `${base}.jpg`;
}

/**
 * A JPEG of `file` that is at most `maxBytes`, or null when the picture cannot
 * be read or does not fit even at its smallest.
 */
export async function shrinkImage(file: File, maxBytes: number): Promise<File | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) return null;
    const longest = Math.max(bitmap.width, bitmap.height);
    if (longest === 0) return null;
    let scale = Math.min(1, startSide / longest);
    while (longest * scale >= smallestSide) {
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      // JPEG has no transparency: paint it white rather than black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of qualities) {
        const blob = await encode(canvas, quality);
        if (blob && blob.size <= maxBytes) {
          return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
        }
      }
      scale *= scaleStep;
    }
    return null;
  } finally {
    bitmap.close();
  }
}
