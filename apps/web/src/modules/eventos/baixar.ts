import { baixarArquivo } from '../../platform/api';
import { cliente } from '../../platform/cliente';

/** Downloads one registrant's attendance certificate. */
export async function baixarCertificado(i: { id: number; codigo: string }) {
  const { data, response } = await cliente.GET('/api/inscricoes-de-eventos/{id}/certificado', {
    params: { path: { id: i.id } },
    parseAs: 'blob',
  });
  baixarArquivo(data as Blob, response, `certificado-${i.codigo}.pdf`);
}

/** Downloads the certificates of everyone checked in at an event, one PDF. */
export async function baixarCertificados(eventoId: number) {
  const { data, response } = await cliente.GET('/api/inscricoes-de-eventos/certificados', {
    params: { query: { eventoId } },
    parseAs: 'blob',
  });
  baixarArquivo(data as Blob, response, `certificados-evento-${eventoId}.pdf`);
}

/** Downloads the Congrenaje report of an event as PDF or XLSX. */
export async function baixarRelatorioInscricoes(eventoId: number, formato: 'pdf' | 'xlsx') {
  const { data, response } = await cliente.GET('/api/relatorio-inscricoes-congrenaje/arquivo', {
    params: { query: { eventoId, formato } },
    parseAs: 'blob',
  });
  baixarArquivo(data as Blob, response, `relatorio-inscricoes-${eventoId}.${formato}`);
}
