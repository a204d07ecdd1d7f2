import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  GiftOutlined,
  HourglassOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { Inscricao, StatusInscricao } from '@sig/contracts';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { celulaTag } from '../../platform/crud/celulas';

export const ROTA_INSCRICOES = '/inscricoes-de-eventos';
export const ROTA_CHECK_IN = '/inscricoes-de-eventos/check-in';
export const ROTA_EMAIL_INSCRITOS = '/inscricoes-de-eventos/email';
export const ROTA_EVENTOS = '/evento';
export const ROTA_FORM_EVENTO = '/evento-form';
export const ROTA_EVENTOS_COM_INSCRICAO = '/evento-com-inscricao';
export const ROTA_FORM_EVENTO_COM_INSCRICAO = '/evento-com-inscricao/form';
export const ROTA_RELATORIO_INSCRICOES = '/relatorio-inscricoes-congrenaje';

/** An icon tells the states apart: coloured tags fail the contrast check. */
const ICONES_STATUS: Record<StatusInscricao, ReactNode> = {
  PENDENTE: <ClockCircleOutlined />,
  CONFIRMADA: <CheckCircleOutlined />,
  CORTESIA: <GiftOutlined />,
  LISTA_ESPERA: <HourglassOutlined />,
  CANCELADA: <CloseCircleOutlined />,
  EXPIRADA: <StopOutlined />,
};

/** A registration's state in a list cell. */
export const celulaStatusInscricao = celulaTag('eventos:status', ICONES_STATUS);

/** What staff must look at on a registration: the charge the provider refused, with its message. */
export function ExcecaoInscricao({
  inscricao: i,
}: {
  inscricao: Pick<Inscricao, 'codigo' | 'status' | 'falhaCobranca'>;
}) {
  const { t } = useTranslation('eventos');
  if (i.status === 'PENDENTE' && i.falhaCobranca)
    return (
      <Tooltip title={i.falhaCobranca}>
        <Tag color="error" icon={<WarningOutlined />} data-testid={`excecao-${i.codigo}`}>
          {t('excecao.FALHA_COBRANCA')}: {i.falhaCobranca}
        </Tag>
      </Tooltip>
    );
  return null;
}
