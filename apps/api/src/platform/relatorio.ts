import type { FastifyReply } from 'fastify';
import { arquivoExportacao, type Documento, TIPO_CONTEUDO } from './exportacao.js';
import { pdfTabela } from './pdf.js';

type FormatoTabela = 'pdf' | 'xlsx';

/** Rows already in memory, as the one batch a Documento reads. */
export async function* umLote(linhas: unknown[][]) {
  yield linhas;
}

/** A report table as the PDF or XLSX the user asked for, downloaded as `nome.formato`. */
export function enviarTabela(reply: FastifyReply, formato: FormatoTabela, nome: string, documento: Documento) {
  reply.header('content-disposition', `attachment; filename="${nome}.${formato}"`);
  if (formato === 'xlsx')
    return reply.header('content-type', TIPO_CONTEUDO.xlsx).send(arquivoExportacao('xlsx', documento));
  return reply.header('content-type', 'application/pdf').send(pdfTabela(documento));
}

/**
 * A report's answer: its JSON as the service gave it, or its table as a file. The table is built
 * only for a file (translated headings and rows the screen does not need).
 */
export function responderRelatorio<T>(
  reply: FastifyReply,
  formato: 'json' | FormatoTabela,
  json: T,
  nome: string,
  documento: () => Documento,
) {
  return formato === 'json' ? json : enviarTabela(reply, formato, nome, documento());
}
