import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useTitulo } from '../../platform/useTitulo';
import { DetalheLote } from '../processamento-lote/ProcessamentoLoteFormPage';
import { ROTA_INSCRICOES } from './comum';

/** `/inscricoes-de-eventos/email/:id`: a bulk e-mail to registrants, its progress followed live. */
export default function EmailInscritosLotePage() {
  const { i18n } = useTranslation();
  const { id } = useParams();
  useTitulo('eventos:email.titulo');
  return (
    <DetalheLote
      id={Number(id)}
      idioma={i18n.language}
      recurso="inscricoes-de-eventos/email"
      voltar={ROTA_INSCRICOES}
    />
  );
}
