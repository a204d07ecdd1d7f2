import type { DefinicaoTipoLote } from '../processamento-lote/index.js';
import { enviarEmailDoLote } from './inscricoes-email.service.js';

/** EMAIL_INSCRICOES: one registrant's message to the outbox. No undo: a message written may have gone. */
export const TIPO_EMAIL_INSCRICOES: DefinicaoTipoLote = {
  // Writing an outbox row is one insert; the outbox's own job paces the SMTP server.
  pausaMs: 0,
  processar: (deps, item) => enviarEmailDoLote(deps, item),
};
