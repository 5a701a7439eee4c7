/**
 * How many pixels an image may have (issue 27 item 7): decoding cost grows with pixels, not bytes (a
 * 10 MB PNG can hold 16000 × 16000 pixels, 2.7 s and 330 MB per resize). Every sharp call reads at most
 * its limit (`limitInputPixels`).
 */

/** An uploaded image: more is refused with 413 and `editor:upload.too_many_pixels`. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/**
 * A stored image that is resized for a crop. Above the upload limit so that images stored before it
 * still get their thumbnails; anything larger is 422.
 */
export const CROP_MAX_PIXELS = 100_000_000;
