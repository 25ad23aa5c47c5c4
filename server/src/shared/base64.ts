/**
 * Base64 to bytes and back without Node's Buffer, for the browser server and the web client
 * (files cross the worker's messages as base64 strings in JSON).
 *
 * Invariants: `decodeBase64(encodeBase64(b))` equals `b` for any bytes; uses only `atob`/`btoa`.
 *
 * Example:
 *   decodeBase64(encodeBase64(new Uint8Array([0, 255])));   // Uint8Array [0, 255]
 */
const CHUNK = 0x8000;

export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
