import { unzipSync } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Whether an uploaded file is what it claims to be (docs/adr/0017): the declared type alone proves
 * nothing, and neither do its first bytes (a zip named .docx, PNG magic before an HTML page). The
 * magic is read by `file-type`; then the container or the image must open as that type: an
 * Office document is a zip holding `[Content_Types].xml` and its main part, whose inflated size
 * is capped (a zip bomb is refused before it is inflated); an image decodes, within a pixel cap.
 */

/** What an uploaded Office document may inflate to: ten times the largest upload (5 MB). */
export const INFLADO_MAXIMO = 50 * 1024 * 1024;
/** Images larger than this many pixels are refused before decoding (40 megapixels). */
export const PIXELS_MAXIMO = 40_000_000;

/** The main part each Office document type must hold, beside `[Content_Types].xml`. */
const PARTE_PRINCIPAL: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word/document.xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xl/workbook.xml',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'ppt/presentation.xml',
};

/** Why a file was refused: not of the declared type (or broken), or an archive inflating past the cap. */
export type RecusaArquivo = 'conteudo' | 'inflado';

const PNG_FIM = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function conferirOffice(tipo: string, bytes: Uint8Array): RecusaArquivo | null {
  let declarado = 0;
  const nomes = new Set<string>();
  try {
    // The listing first (the central directory's declared sizes), nothing inflated yet.
    unzipSync(bytes, {
      filter: (f) => {
        declarado += f.originalSize;
        nomes.add(f.name);
        return false;
      },
    });
  } catch {
    return 'conteudo';
  }
  if (declarado > INFLADO_MAXIMO) return 'inflado';
  if (!nomes.has('[Content_Types].xml') || !nomes.has(PARTE_PRINCIPAL[tipo]!)) return 'conteudo';
  try {
    // Each entry inflates into a buffer of its declared size, so a lying header cannot grow past the cap.
    const partes = unzipSync(bytes);
    if (!partes['[Content_Types].xml']?.length || !partes[PARTE_PRINCIPAL[tipo]!]?.length) return 'conteudo';
  } catch {
    return 'conteudo';
  }
  return null;
}

function conferirPng(bytes: Buffer): RecusaArquivo | null {
  // IHDR is the first chunk: width and height at fixed offsets, read before anything is decoded.
  if (bytes.length < 33 || bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > PIXELS_MAXIMO) return 'conteudo';
  // IEND closes a PNG: bytes after it (a page appended to an image) are not an image.
  if (!bytes.subarray(bytes.length - PNG_FIM.length).equals(PNG_FIM)) return 'conteudo';
  try {
    PNG.sync.read(bytes);
    return null;
  } catch {
    return 'conteudo';
  }
}

function conferirJpeg(bytes: Buffer): RecusaArquivo | null {
  try {
    jpeg.decode(bytes, { maxResolutionInMP: PIXELS_MAXIMO / 1_000_000, maxMemoryUsageInMB: 256 });
    return null;
  } catch {
    return 'conteudo';
  }
}

/** Null when the bytes are a sound file of the declared type; otherwise why they are refused. */
export async function conferirArquivo(tipo: string, bytes: Buffer): Promise<RecusaArquivo | null> {
  if (tipo === 'text/plain') return bytes.includes(0) ? 'conteudo' : null;
  if ((await fileTypeFromBuffer(bytes))?.mime !== tipo) return 'conteudo';
  if (tipo in PARTE_PRINCIPAL) return conferirOffice(tipo, bytes);
  if (tipo === 'image/png') return conferirPng(bytes);
  if (tipo === 'image/jpeg') return conferirJpeg(bytes);
  return null;
}
