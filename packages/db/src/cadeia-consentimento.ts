import { createHash } from 'node:crypto';

/**
 * The consent ledger's chain (issue 22): each `termo_aceite` row's hash covers its content, in a
 * fixed order, and the previous row's hash (`HASH_INICIAL` before the first). Here, beside the
 * schema, so the server and the demo seed chain rows alike.
 */
export const HASH_INICIAL = '0'.repeat(64);

export const sha256 = (texto: string) => createHash('sha256').update(texto, 'utf8').digest('hex');

export type ConteudoAceite = {
  solicitacaoId: number;
  termoId: number;
  pessoaId: number;
  versao: number;
  decisao: string;
  hashTexto: string;
  registradoEm: Date;
  ip: string | null;
  navegador: string | null;
  responsavelNome?: string | null;
  responsavelRelacao?: string | null;
};

export const hashDoAceite = (anterior: string, c: ConteudoAceite) =>
  sha256(
    JSON.stringify([
      anterior,
      c.solicitacaoId,
      c.termoId,
      c.pessoaId,
      c.versao,
      c.decisao,
      c.hashTexto,
      c.registradoEm.toISOString(),
      c.ip,
      c.navegador,
      // Only a guardian's answer holds these: the rows before them keep the hash they were written with.
      ...(c.responsavelNome || c.responsavelRelacao ? [c.responsavelNome ?? null, c.responsavelRelacao ?? null] : []),
    ]),
  );
