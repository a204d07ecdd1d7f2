import { strToU8, zipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { conferirArquivo, INFLADO_MAXIMO } from './arquivos.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const tiposDe = (principal: string, mime: string) =>
  strToU8(
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${principal}" ContentType="${mime}.main+xml"/></Types>`,
  );
const zip = (partes: Record<string, Uint8Array>) => Buffer.from(zipSync(partes));
const docx = (extra: Record<string, Uint8Array> = {}) =>
  zip({
    '[Content_Types].xml': tiposDe('word/document.xml', DOCX),
    'word/document.xml': strToU8('<w:document/>'),
    ...extra,
  });

const png = () => {
  const imagem = new PNG({ width: 2, height: 2 });
  imagem.data.fill(0xff);
  return PNG.sync.write(imagem);
};

describe('conferirArquivo', () => {
  it('accepts Office documents holding their content types and main part', async () => {
    expect(await conferirArquivo(DOCX, docx())).toBeNull();
    const planilha = zip({
      '[Content_Types].xml': tiposDe('xl/workbook.xml', XLSX),
      'xl/workbook.xml': strToU8('<workbook/>'),
    });
    expect(await conferirArquivo(XLSX, planilha)).toBeNull();
  });

  it('refuses any other zip as an Office document', async () => {
    expect(await conferirArquivo(DOCX, zip({ 'leia.txt': strToU8('um zip qualquer') }))).toBe('conteudo');
    // Content types that name a document, without the document.
    expect(await conferirArquivo(DOCX, zip({ '[Content_Types].xml': tiposDe('word/document.xml', DOCX) }))).toBe(
      'conteudo',
    );
    // A spreadsheet is not a text document.
    const planilha = zip({
      '[Content_Types].xml': tiposDe('xl/workbook.xml', XLSX),
      'xl/workbook.xml': strToU8('<workbook/>'),
    });
    expect(await conferirArquivo(DOCX, planilha)).toBe('conteudo');
    expect(await conferirArquivo(DOCX, Buffer.from('PK\x03\x04 não é um zip'))).toBe('conteudo');
  });

  it('refuses an archive that would inflate past the cap (a zip bomb), before inflating it', async () => {
    const bomba = docx({ 'word/media/zeros.bin': new Uint8Array(INFLADO_MAXIMO + 1) });
    expect(bomba.length).toBeLessThan(1024 * 1024);
    expect(await conferirArquivo(DOCX, bomba)).toBe('inflado');
  });

  it('accepts images that decode as their type, and refuses magic bytes before something else', async () => {
    expect(await conferirArquivo('image/png', png())).toBeNull();
    const foto = jpeg.encode({ width: 2, height: 2, data: Buffer.alloc(16, 0x80) }, 80).data;
    expect(await conferirArquivo('image/jpeg', foto)).toBeNull();

    const assinaturaPng = png().subarray(0, 8);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await conferirArquivo('image/png', Buffer.concat([assinaturaPng, html]))).toBe('conteudo');
    // A whole image with a page appended after its end.
    expect(await conferirArquivo('image/png', Buffer.concat([png(), html]))).toBe('conteudo');
    expect(await conferirArquivo('image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]))).toBe(
      'conteudo',
    );
    // A PNG is not a JPEG, whatever it is called.
    expect(await conferirArquivo('image/jpeg', png())).toBe('conteudo');
  });

  it('refuses an image declaring more pixels than the cap, without decoding it', async () => {
    const enorme = png();
    enorme.writeUInt32BE(100_000, 16);
    enorme.writeUInt32BE(100_000, 20);
    expect(await conferirArquivo('image/png', enorme)).toBe('conteudo');
  });

  it('keeps PDF magic and text without NUL', async () => {
    expect(await conferirArquivo('application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).toBeNull();
    expect(await conferirArquivo('application/pdf', Buffer.from('<html>not a pdf</html>'))).toBe('conteudo');
    expect(await conferirArquivo('text/plain', Buffer.from('olá'))).toBeNull();
    expect(await conferirArquivo('text/plain', Buffer.from([0x61, 0, 0x62]))).toBe('conteudo');
  });
});
