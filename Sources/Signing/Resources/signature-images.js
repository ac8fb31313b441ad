// Turning a drawn, typed or uploaded signature into the PNG the server puts on the document.

// Fonts that look handwritten and need no download, best first: URW's Z003 and its older
// name on Linux, Apple's and Microsoft's script fonts, then any cursive or italic serif face.
export const SCRIPT_FONT = `"Z003", "URW Chancery L", "Apple Chancery", "Snell Roundhand", "Segoe Script", "Brush Script MT", cursive`;

// The ink's colour.
export const INK = "#14213d";

// The PNG data URL of the part of `canvas` that has ink, with `padding` pixels around it, or
// null when nothing was drawn.
export function trimmedPNG(canvas, padding = 8) {
  const { width, height } = canvas;
  const pixels = canvas.getContext("2d").getImageData(0, 0, width, height).data;
  let left = width, right = -1, top = height, bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (pixels[(y * width + x) * 4 + 3] > 16) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (right < 0) return null;
  left = Math.max(0, left - padding);
  top = Math.max(0, top - padding);
  right = Math.min(width - 1, right + padding);
  bottom = Math.min(height - 1, bottom + padding);
  const cropped = document.createElement("canvas");
  cropped.width = right - left + 1;
  cropped.height = bottom - top + 1;
  cropped.getContext("2d").drawImage(canvas, left, top, cropped.width, cropped.height, 0, 0, cropped.width, cropped.height);
  return cropped.toDataURL("image/png");
}

// Draws `text` on `canvas` in the script font, as large as fits.
export function drawTypedSignature(canvas, text) {
  const context = canvas.getContext("2d");
  context.clearRect(0, 0, canvas.width, canvas.height);
  if (!text.trim()) return;
  let size = canvas.height * 0.55;
  context.font = `italic ${size}px ${SCRIPT_FONT}`;
  const widest = canvas.width * 0.92;
  const measured = context.measureText(text).width;
  if (measured > widest) {
    size = Math.max(12, (size * widest) / measured);
    context.font = `italic ${size}px ${SCRIPT_FONT}`;
  }
  context.fillStyle = INK;
  context.textAlign = "center";
  // On the pad's signing line, which the stylesheet draws at three quarters of its height.
  context.textBaseline = "alphabetic";
  context.fillText(text, canvas.width / 2, canvas.height * 0.72);
}

// The image in `file` (PNG or JPEG), scaled down to fit `canvas` and drawn on it centred;
// throws an Error with a message for the signer when it is not such an image.
export async function drawUploadedImage(canvas, file) {
  if (!["image/png", "image/jpeg"].includes(file.type)) throw new Error("Choose a PNG or JPEG image.");
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error("This file could not be read as an image.");
  }
  const scale = Math.min(1, canvas.width / bitmap.width, canvas.height / bitmap.height);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
  bitmap.close();
}