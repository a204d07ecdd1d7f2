import {
  type CampoCadastro,
  SITUACOES_SOLICITACAO,
  type SituacaoSolicitacao,
  type SituacaoTermo,
} from '@sig/contracts';
import { Col, Form, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { rotuloCampo } from '../../platform/crud/definicao';
import { regrasZod } from '../../platform/formulario';

export const ROTA_LISTA_TERMOS = '/termos';
export const ROTA_CADASTRAR_TERMO = '/termos/cadastrar';
export const rotaRascunho = (idCompartilhado: string) => `/termos/editar-rascunho/${idCompartilhado}`;
export const rotaHistorico = (idCompartilhado: string) => `/termos/historico/${idCompartilhado}`;
export const rotaSolicitacoes = (idCompartilhado: string) => `/termos/solicitacies/${idCompartilhado}`;

/** A status as a tag's light fill under the theme's dark text; the text names the status. */
const CORES: Record<SituacaoTermo | SituacaoSolicitacao, string> = {
  RASCUNHO: '#fff1b8',
  PUBLICADO: '#d9f7be',
  SUBSTITUIDO: '#d9d9d9',
  PENDENTE: '#fff1b8',
  ACEITO: '#d9f7be',
  DESCONSIDERADO: '#ffccc7',
};

export function EtiquetaSituacao({ situacao }: { situacao: SituacaoTermo | SituacaoSolicitacao }) {
  const { t } = useTranslation(['campos']);
  const campo = (SITUACOES_SOLICITACAO as readonly string[]).includes(situacao)
    ? 'situacaoSolicitacao'
    : 'situacaoTermo';
  return (
    <Tag color={CORES[situacao]} style={{ color: 'rgba(0,0,0,0.88)' }}>
      {t(`campos:opcao.${campo}.${situacao}` as never)}
    </Tag>
  );
}

/** The declared fields of the term's form, two by two (the texts take the whole row), with the input schema's rules. */
export function CamposTermo({ campos, esquema }: { campos: readonly CampoCadastro[]; esquema: ZodType }) {
  const { t, i18n } = useTranslation(['campos']);
  const regras = regrasZod(esquema);
  return (
    <Row gutter={16}>
      {campos.map((c) => (
        <Col key={c.nome} xs={24} md={c.tipo === 'textoLongo' ? 24 : 12}>
          <Form.Item
            name={c.nome}
            label={t(rotuloCampo(c))}
            required={c.obrigatorio}
            rules={regras(c.nome)}
            {...propsItem(c)}
          >
            {controleCampo(c, i18n.language)}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
