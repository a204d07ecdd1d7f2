import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoDoUsuario } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let paroquia: string;
let tesouraria: string;
let paroquiaId: number;
let igrejaId: number;

const png = (largura = 8, altura = 4) => PNG.sync.write(new PNG({ width: largura, height: altura }));
const jpg = () => Buffer.from(jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 200), width: 8, height: 8 }, 80).data);
const corpo = (tipoConteudo: string, bytes: Buffer) => ({ tipoConteudo, conteudo: bytes.toString('base64') });
const enviar = (id: number, payload: object, token = paroquia, idioma?: string) =>
  t.req({ method: 'PUT', url: `/api/organizacao/${id}/logo`, token, payload, idioma });

beforeAll(async () => {
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  paroquiaId = await organizacaoDoUsuario(t.banco.db, 'paroquia@sig.local');
  igrejaId = await organizacaoDoUsuario(t.banco.db, 'admin@sig.local');
});

describe('organization logo', () => {
  it('stores a PNG, answers it for the preview, replaces it with a JPEG and removes it', async () => {
    const imagem = png();
    const r = await enviar(paroquiaId, corpo('image/png', imagem));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().temLogo).toBe(true);
    const lido = await t.req({ method: 'GET', url: `/api/organizacao/${paroquiaId}/logo`, token: paroquia });
    expect(lido.statusCode).toBe(200);
    expect(lido.headers['content-type']).toBe('image/png');
    expect(lido.rawPayload.equals(imagem)).toBe(true);

    expect((await enviar(paroquiaId, corpo('image/jpeg', jpg()))).statusCode).toBe(200);
    const trocado = await t.req({ method: 'GET', url: `/api/organizacao/${paroquiaId}/logo`, token: tesouraria });
    expect(trocado.headers['content-type']).toBe('image/jpeg');

    const removido = await t.req({ method: 'DELETE', url: `/api/organizacao/${paroquiaId}/logo`, token: paroquia });
    expect(removido.statusCode).toBe(200);
    expect(removido.json().temLogo).toBe(false);
    expect(
      (await t.req({ method: 'GET', url: `/api/organizacao/${paroquiaId}/logo`, token: paroquia })).statusCode,
    ).toBe(204);
  });

  it('refuses other types, content that is no such image, and images too large, with a localized message', async () => {
    const tipo = await enviar(paroquiaId, corpo('image/gif', png()));
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().campos[0].campo).toBe('tipoConteudo');
    const falso = await enviar(paroquiaId, corpo('image/png', Buffer.from('<html>não é imagem</html>')));
    expect(falso.statusCode).toBe(400);
    expect(falso.json().campos[0]).toEqual({
      campo: 'conteudo',
      mensagem: 'O logotipo deve ser uma imagem PNG ou JPEG válida.',
    });
    const troca = await enviar(paroquiaId, corpo('image/jpeg', png()), paroquia, 'en');
    expect(troca.json().campos[0].mensagem).toBe('The logo must be a valid PNG or JPEG image.');
    const enorme = await enviar(paroquiaId, corpo('image/png', png(2100, 2000)));
    expect(enorme.statusCode).toBe(400);
    expect(enorme.json().campos[0].mensagem).toContain('4 megapixels');
    const grande = await enviar(paroquiaId, { tipoConteudo: 'image/png', conteudo: 'A'.repeat(800_000) });
    expect(grande.statusCode).toBe(400);
    expect(grande.json().campos[0].campo).toBe('conteudo');
  });

  it('answers 403 without the right to update organizations and 404 outside the scope', async () => {
    expect((await enviar(paroquiaId, corpo('image/png', png()), tesouraria)).statusCode).toBe(403);
    expect(
      (await t.req({ method: 'DELETE', url: `/api/organizacao/${paroquiaId}/logo`, token: tesouraria })).statusCode,
    ).toBe(403);
    expect((await enviar(igrejaId, corpo('image/png', png()))).statusCode).toBe(404);
    expect((await enviar(igrejaId, corpo('image/png', png()), admin)).statusCode).toBe(200);
    expect((await t.req({ method: 'GET', url: `/api/organizacao/${igrejaId}/logo`, token: paroquia })).statusCode).toBe(
      404,
    );
  });
});
